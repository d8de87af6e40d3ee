import fs from 'node:fs';
import { Type } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { Case, CaseNumberBody, PublicCaseStatus } from '../../server/contract/cases.ts';
import { ErrorBody, Id } from '../../server/contract/common.ts';
import { Division } from '../../server/contract/divisions.ts';
import { demoDivisions } from '../../server/seed/organisation.ts';
import { testDatabases } from '../helpers/databases.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { expectMessages, LANGS, type Json } from '../helpers/expect-api.ts';

const databases = await testDatabases();
const PACKAGE_VERSION = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
/** A seeded name or description in one of the API's six languages. */
const sixOf = (text: Record<string, string | undefined>, lang: string) => text[lang] ?? text.en;
/** A TypeBox schema as it travels in JSON (its symbol-keyed marks dropped). */
const asJson = (schema: unknown) => JSON.parse(JSON.stringify(schema));

const DOCUMENTED_OPERATIONS = [
  'GET /division_api/get_all_divisions', 'GET /division_api/get_division', 'GET /division_api/get_division/{id}',
  'GET /directorate_api/get_all_directorate', 'GET /team_leader_api/get_all_team',
  'POST /customer_user_api/create_customer_user', 'POST /customer_user_api/validate_customer_otp', 'PUT /customer_user_api/resend_customer_otp',
  'POST /customer_user_api/login_customer_user', 'GET /customer_user_api/get_customer_user/{id}', 'GET /customer_user_api/logout_customer_user',
  'POST /customer_user_api/forgot_customer_user', 'PUT /customer_user_api/reset_customer_user/{id}/{token}',
  'GET /case_list_api/get_all_case_list', 'GET /case_list_api/get_case_list', 'GET /case_list_api/get_case_list/{caselistId}',
  'GET /questions_api/get_all_questions',
  'POST /customer_case_api/create_case', 'GET /customer_case_api/get_case', 'GET /customer_case_api/get_case_cust',
  'GET /customer_case_api/get_by_case_customerid', 'GET /customer_case_api/get_all_cases', 'GET /customer_case_api/get_case_by_id/{id}',
  'POST /customer_case_api/get_case_by_casenum', 'GET /customer_case_api/print_case/{id}', 'GET /customer_case_history_api/get_case_history',
  'GET /div_rate/get_rating_bycase/{caseId}', 'POST /div_rate/create_custrate',
  'POST /accusation_acceptor_user_api/login_accusation_acceptor', 'GET /accusation_acceptor_user_api/logout_accusation_acceptor',
  'POST /accusation_acceptor_api/create_accusation', 'GET /accusation_acceptor_api/get_accusations',
  'GET /accusation_acceptor_api/get_accusations/{id}',
];


// One server per database for the file; the rate limit's test starts a second instance on its database.
const shared = fileServer();

describe.each(databases)('organisation API on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await shared(database);
  });

  const get = (path: string) => fetch(`${server.url}${path}`);

  it('lists every division with names and descriptions in six languages, as the demo data has them', async () => {
    const response = await get('/division_api/get_all_divisions');
    expect(response.status).toBe(200);
    const divisions: Json[] = await response.json();
    for (const division of divisions) expect(division._id).toMatch(/^[0-9a-f-]{36}$/);
    const byName = (a: Json, b: Json) => a.name_en.localeCompare(b.name_en);
    // Afar falls back to English where no agreed translation exists (server/seed/organisation.ts).
    expect(divisions.map(({ _id, ...rest }) => rest).sort(byName)).toEqual(demoDivisions.map((division) => ({
      ...Object.fromEntries(LANGS.map((lang) => [`name_${lang}`, sixOf(division.name, lang)])),
      ...Object.fromEntries(LANGS.map((lang) => [`description_${lang}`, sixOf(division.description, lang)])),
      status: division.status,
      special: division.special,
    })).sort(byName));
    // The demo data has what the grid must hide: one inactive and one special division; six are offered.
    const kinds = divisions.map((d) => `${d.status}/${d.special}`).sort();
    expect(kinds).toEqual(['active/no', 'active/no', 'active/no', 'active/no', 'active/no', 'active/no', 'active/yes', 'inactive/no']);
  });

  it('reads one division by id, as the database holds it', async () => {
    const [row] = await server.db.query<{ id: string; name_am: string }>(
      "SELECT id, name_am FROM division WHERE status = 'active' ORDER BY name_en LIMIT 1",
    );
    const response = await get(`/division_api/get_division/${row.id}`);
    expect(response.status).toBe(200);
    const division = await response.json();
    expect(division._id).toBe(row.id);
    expect(division.name_am).toBe(row.name_am);
  });

  it('answers a malformed id with 400 and a translated message, never a 500', async () => {
    for (const bad of ['abc', '1', "x'%20OR%201=1", '0000000000000000000000000000000000000']) {
      const response = await get(`/division_api/get_division/${bad}`);
      expect(response.status, bad).toBe(400);
      const body = await response.json();
      expectMessages(body);
      expect(body.code).toBe('invalidId');
    }
  });

  it('answers an unknown division with 404 and a translated message', async () => {
    const response = await get('/division_api/get_division/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    const body = await response.json();
    expectMessages(body);
    expect(body.code).toBe('divisionNotFound');
  });

  it('lists directorates with their division, active and inactive', async () => {
    const response = await get('/directorate_api/get_all_directorate');
    expect(response.status).toBe(200);
    const directorates = await response.json();
    const [{ count }] = await server.db.query<{ count: number }>('SELECT count(*) AS count FROM directorate');
    expect(directorates).toHaveLength(count);
    for (const directorate of directorates) {
      expect(directorate.division._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(directorate.name_am).toMatch(/[\u1200-\u137F]/);
    }
    expect(new Set(directorates.map((d: { status: string }) => d.status))).toEqual(new Set(['active', 'inactive']));
  });

  it('lists teams, each under its directorate', async () => {
    const response = await get('/team_leader_api/get_all_team');
    expect(response.status).toBe(200);
    const teams: Json[] = await response.json();
    const seeded = demoDivisions.flatMap((division) => division.directorates.flatMap((directorate) => directorate.teams ?? []));
    expect(teams.map((team) => [team.name_en, team.name_am]).sort()).toEqual(seeded.map((team) => [team.en, team.am]).sort());
    const directorates: Json[] = await (await get('/directorate_api/get_all_directorate')).json();
    for (const team of teams) expect(directorates.map((d) => d._id)).toContain(team.directorate._id);
  });

  it('publishes the OpenAPI document made from the schemas the routes validate with', async () => {
    const response = await get('/docs/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Housing Development Corporation — customer portal API', version: PACKAGE_VERSION });
    expect(document.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });

    // Every call of SPEC section 7, and the ones we added, by its method and path.
    const operations = Object.entries(document.paths as Record<string, object>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations).toEqual(expect.arrayContaining(DOCUMENTED_OPERATIONS));
    // Media are files, not calls (issue 11).
    expect(operations.filter((operation) => operation.includes('/media/'))).toEqual([]);

    // The very schemas the routes validate with (TypeBox's are JSON Schema already), not a copy that can drift.
    const getDivision = document.paths['/division_api/get_division/{id}'].get;
    expect(getDivision.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: asJson(Id) }]);
    expect(getDivision.responses['200']).toEqual({ description: 'success', content: { 'application/json': { schema: asJson(Division) } } });
    // The error body is named once and referenced (issue 11).
    expect(getDivision.responses['404']).toEqual({
      description: 'refused, with Message_en … Message_af', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    expect(document.components.schemas.ErrorBody).toEqual(asJson(ErrorBody));
    expect(document.paths['/division_api/get_all_divisions'].get.responses['200'].content['application/json'].schema)
      .toEqual(asJson(Type.Array(Division)));

    const lookup = document.paths['/customer_case_api/get_case_by_casenum'].post;
    expect(lookup.requestBody).toEqual({ required: true, content: { 'application/json': { schema: asJson(CaseNumberBody) } } });
    expect(Object.keys(lookup.responses).sort()).toEqual(['200', '400', '404', '429', '500']);
    const [whole, publicStatus] = lookup.responses['200'].content['application/json'].schema.anyOf;
    expect([whole, publicStatus]).toEqual([asJson(Case), asJson(PublicCaseStatus)]);
    // What a client of the status check can count on, in plain values.
    expect(publicStatus.required).toEqual([
      'case_number', 'status', 'division', 'caselist', 'late', 'createdAt', 'ongoing_date', 'verified_date', 'rejected_date',
      'schedule_program', 'print', 'masked',
    ]);
    expect(publicStatus.properties.masked).toEqual({ type: 'boolean', const: true });
    expect(whole.properties.masked).toEqual({ type: 'boolean', const: false });

    const caseListQuery = document.paths['/customer_case_api/get_case'].get.parameters;
    expect(caseListQuery.map(({ name, in: place, required }: Json) => [name, place, required])).toEqual([
      ['page', 'query', false], ['sort', 'query', false], ['status', 'query', false], ['case_number', 'query', false],
      ['phone_number', 'query', false], ['customer_id', 'query', false], ['firstname', 'query', false],
    ]);
    expect(caseListQuery[0].schema).toEqual({ type: 'integer', minimum: 1, default: 1 });
    // The upload form with its fields and its file part (issue 11), or a finished resumable upload in its place (issue 27).
    const application = document.paths['/customer_case_api/create_case'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(application.properties)).toEqual(['division', 'caselist', 'form', 'remark', 'related_case_id', 'attachment_upload', 'attachment']);
    expect(application.properties.attachment).toMatchObject({ type: 'string', format: 'binary' });
    // Issue 26: an e-mail or a phone number (the server asks for exactly one), and the password.
    const login = document.paths['/customer_user_api/login_customer_user'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(['password']);
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['email', 'phone', 'password']));
  });

  it('answers an unknown API path with a JSON 404 carrying Message_*', async () => {
    for (const path of ['/division_api/nope', '/unknown_api/x', '/div_rate/nothing']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/json/);
      expectMessages(await response.json());
    }
  });
});

describe.each(databases)('failures and limits on $name', (database) => {
  it('answers 429 with Retry-After: 180 and Message_* once the limit is passed', async () => {
    const server = await startTestServer(database, { sameDatabaseAs: await shared(database), rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let n = 0; n < 5; n++) {
        const response = await fetch(`${server.url}/division_api/get_all_divisions`);
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(limited!.headers.get('retry-after')).toBe('180');
      expectMessages(await limited!.json());
      // Unknown paths are limited too (a scanner cannot probe freely).
      expect((await fetch(`${server.url}/nothing_api/x`)).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('answers an unexpected failure with a generic 500, no stack trace', async () => {
    const server = await shared(database);
    try {
      // A table going away mid-flight is a real unexpected failure; it comes back for the tests after.
      await server.db.query('ALTER TABLE team RENAME TO team_gone');
      const response = await fetch(`${server.url}/team_leader_api/get_all_team`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/stack|\bat \w+ \(|team|relation|sql/i);
      const body = JSON.parse(text);
      expectMessages(body);
      expect(body.code).toBe('serverError');
    } finally {
      await server.db.query('ALTER TABLE team_gone RENAME TO team');
    }
    expect((await fetch(`${server.url}/team_leader_api/get_all_team`)).status).toBe(200);
  });
});
