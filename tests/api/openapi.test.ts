import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../server/contract/calls.ts';
import { testDatabases } from '../helpers/databases.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import type { Json } from '../helpers/expect-api.ts';

/**
 * Issue 11 "One contract": the OpenAPI document is made from server/contract/calls.ts by
 * @fastify/swagger, lints clean, lists only calls, and /docs reads it offline. The document
 * does not depend on the database, so one (the embedded one) is enough here.
 */
const [database] = await testDatabases();
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');
const everyCall = Object.values(calls);

// The document's server; the reader's, with a limit of its own, is an instance on its database.
const shared = fileServer(() => {
  // An app folder with files in it: @fastify/static registers a route per file, none of which is a call.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-app-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>portal</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{}');
  return { staticDir };
});

describe('the OpenAPI document', () => {
  let server: TestServer;
  let document: Json;
  beforeAll(async () => {
    server = await shared(database);
    const response = await fetch(`${server.url}/docs/openapi.json`);
    expect(response.status).toBe(200);
    document = await response.json();
  });

  const operations = (): Json[] =>
    Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), url, ...operation })),
    );

  it('has one operation per call of the contract, and nothing else: no app files, media or docs', () => {
    expect(operations().map(({ method, url }) => `${method} ${url}`).sort()).toEqual(
      everyCall.map((call) => `${call.method} ${openApiPath(call.path)}`).sort(),
    );
    expect(Object.keys(document.paths).filter((url) => /^\/(media|docs|assets)\b|\.(js|html|webmanifest)$|^\/$/.test(url))).toEqual([]);
  });

  it('names every operation by its camelCase operationId, with a summary and its feature tag', () => {
    for (const call of everyCall) {
      const operation = document.paths[openApiPath(call.path)][call.method.toLowerCase()];
      expect(operation.operationId).toBe(call.operationId);
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary).toBe(call.summary);
      expect(operation.tags).toEqual(call.tags);
      expect(document.tags.map((tag: Json) => tag.name)).toContain(call.tags[0]);
    }
    const ids = operations().map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the operationIds issue 15 names for accusations, which other clients call by name', () => {
    const ids = operations().map((operation) => operation.operationId);
    expect(ids).toEqual(expect.arrayContaining(['staffListAccusations', 'staffUpdateAccusation', 'getAccusationStatus']));
    const security = (operationId: string) => operations().find((operation) => operation.operationId === operationId)!.security;
    expect(security('getAccusationStatus')).toEqual([]);
    expect(security('staffUpdateAccusation')).toEqual([{ bearer: [] }]);
  });

  it('keeps the operationIds issue 16 names for staff users and management, which other clients call by name', () => {
    const ids = operations().map((operation) => operation.operationId);
    expect(ids).toEqual(expect.arrayContaining(['adminListStaff', 'adminSaveStaff', 'staffSetPassword', 'managementSummary', 'auditLog']));
    const security = (operationId: string) => operations().find((operation) => operation.operationId === operationId)!.security;
    expect(security('staffSetPassword')).toEqual([]);
    expect(security('managementSummary')).toEqual([{ bearer: [] }]);
  });

  it('keeps the operationIds issue 16 names for reference data, which other clients call by name', () => {
    const ids = operations().map((operation) => operation.operationId);
    const admin = ['adminListDivisions', 'adminSaveDivision', 'adminSaveDirectorate', 'adminSaveTeam', 'adminSaveCaseRequest', 'adminSaveQuestion'];
    expect(ids).toEqual(expect.arrayContaining([...admin, 'getLanguages']));
    const security = (operationId: string) => operations().find((operation) => operation.operationId === operationId)!.security;
    for (const operationId of admin) expect(security(operationId)).toEqual([{ bearer: [] }]);
    expect(security('getLanguages')).toEqual([]);
  });

  it('asks for a bearer token exactly where the server needs one', () => {
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const security = (operationId: string) => operations().find((operation) => operation.operationId === operationId)!.security;
    expect(security('getCustomerUser')).toEqual([{ bearer: [] }]);
    expect(security('createCase')).toEqual([{ bearer: [] }]);
    expect(security('getAccusations')).toEqual([{ bearer: [] }]);
    // The status check and print answer anyone; a token only shows the owner more.
    expect(security('checkCaseStatus')).toEqual([{}, { bearer: [] }]);
    expect(security('loginCustomerUser')).toEqual([]);
    expect(security('createAccusation')).toEqual([]);
    for (const call of everyCall) {
      const needsToken = call.auth !== false && call.auth !== 'optional';
      expect(security(call.operationId), call.operationId).toEqual(needsToken ? [{ bearer: [] }] : call.auth === 'optional' ? [{}, { bearer: [] }] : []);
    }
  });

  it('describes the three upload forms as multipart bodies with their fields and file part', () => {
    const form = (url: string) => document.paths[url].post.requestBody.content['multipart/form-data'].schema;
    const registration = form('/customer_user_api/create_customer_user');
    expect(Object.keys(registration.properties)).toEqual([
      'firstname', 'middlename', 'lastname', 'email', 'password', 'subcity', 'woreda', 'house_number', 'phone',
      'house_phone_number', 'gender', 'picture',
    ]);
    expect(registration.properties.picture).toMatchObject({ type: 'string', format: 'binary' });
    // Issue 26: without an e-mail the account is the phone's, its code sent by SMS.
    expect(registration.required).toEqual(['firstname', 'middlename', 'lastname', 'password', 'phone', 'gender']);
    const application = form('/customer_case_api/create_case');
    // Issue 27: a finished resumable upload (tus at /uploads/) in place of the file part.
    expect(Object.keys(application.properties)).toEqual(['division', 'caselist', 'form', 'remark', 'related_case_id', 'attachment_upload', 'attachment']);
    expect(application.properties.attachment_upload).toMatchObject({ type: 'string', pattern: '^[0-9a-f]{32}$' });
    const accusation = form('/accusation_acceptor_api/create_accusation');
    expect(Object.keys(accusation.properties)).toEqual(['name', 'phone', 'subject', 'description', 'accused_organizational_part', 'attachment_upload', 'attachment']);
    const answer = form('/customer_case_api/answer_information_request/{id}');
    expect(Object.keys(answer.properties)).toEqual(['text', 'attachment_upload', 'attachment']);
    const response = form('/staff_api/cases/{id}/respond');
    expect(Object.keys(response.properties)).toEqual(['justification', 'version', 'attachment_upload', 'attachment']);
    expect(document.tags.find((tag: Json) => tag.name === 'uploads').description).toMatch(/tus 1\.0\.0.*\/uploads\//);
    expect(accusation.required).toEqual(['subject', 'description']);
    expect(accusation.properties.attachment).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('names the error body and the messages once and refers to them', () => {
    expect(Object.keys(document.components.schemas).sort()).toEqual(['ErrorBody', 'Messages']);
    const login = document.paths['/customer_user_api/login_customer_user'].post;
    expect(login.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    const otp = document.paths['/customer_user_api/validate_customer_otp'].post;
    expect(otp.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Messages' });
  });

  it('lints with 0 errors under Redocly\'s recommended rules', { timeout: 60_000 }, async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    // lint exits 1 on errors; its JSON report is on stdout either way.
    const { stdout } = await run(process.execPath, [cli, 'lint', '--extends=recommended', file, '--format=json'], { cwd: ROOT })
      .catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout);
    const errors = report.problems.filter((problem: Json) => problem.severity === 'error');
    expect(errors.map((problem: Json) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });
});

describe('the API reader at /docs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, { sameDatabaseAs: await shared(database), rateLimit: { max: 6, windowMs: 60_000 } });
  });
  afterAll(() => server?.close());

  it('serves the UI and its own files, nothing from another origin, under a CSP that lets only those run', async () => {
    const page = await fetch(`${server.url}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(assets.length).toBeGreaterThan(2);
    // Relative to /docs/: the plugin's bundled swagger-ui, no CDN.
    for (const asset of assets) expect(asset, asset).toMatch(/^\.\/static\//);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/https:|validator\.swagger\.io|\*/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const script = await fetch(`${server.url}/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const initializer = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain('"validatorUrl":null');
  });

  it('is rate-limited like every API path', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 8; n++) statuses.push((await fetch(`${server.url}/docs/openapi.json`)).status);
    expect(statuses).toContain(429);
  });
});
