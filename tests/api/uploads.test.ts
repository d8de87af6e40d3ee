import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { logLines } from '../helpers/log-lines.ts';
import { storedFileNames } from '../helpers/stored-files.ts';
import { multipart } from '../helpers/multipart.ts';
import { expectError, type Json } from '../helpers/expect-api.ts';
import { oversizePdf, tinyPdf } from '../helpers/pdf.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { serverMessages } from '../../server/errors/messages.ts';

const databases = await testDatabases();
const ACCUSATION = '/accusation_acceptor_api/create_accusation';
const MiB = 1024 * 1024;

/** A PDF of `bytes` bytes whose content is random, so a byte that moves or goes missing shows. */
const randomPdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n%'), randomBytes(bytes - 10)]);

/** Raw HTTP: sends `head` and `body` (perhaps less of it than Content-Length says), half-closes, and reads the answer. */
function rawRequest(url: string, head: string, body: Buffer = Buffer.alloc(0)): Promise<{ status: number; json: Json; head: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(head);
      socket.write(body);
      // The client stops sending, as a phone losing its signal would; it still reads.
      socket.end();
    });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      if (!status) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      const end = text.indexOf('\r\n\r\n');
      resolve({ status, json: JSON.parse(text.slice(end + 4)), head: text.slice(0, end).toLowerCase() });
    });
  });
}

function expectRefusal(answer: { status: number; json: Json }, status: number, code: keyof typeof serverMessages) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  expect(answer.json.code, JSON.stringify(answer.json)).toBe(code);
  expect(answer.json.Message_am).toBe(serverMessages[code].am);
  expect(answer.json.Message_en).toBe(serverMessages[code].en);
}

// One server per database for the file (its log read by the tests); the crash test's are instances on its database.
const logs = { pglite: logLines(), postgres: logLines() };
const shared = fileServer((database) => ({ submissionLimit: { max: 1000, windowMs: 60_000 }, logger: logs[database.name].logger }));

describe.each(databases)('uploads and refusals on $name', (database) => {
  let server: TestServer;
  const log = logs[database.name];
  const fileAccusation = (body: Buffer | FormData, type?: string) =>
    fetch(`${server.url}${ACCUSATION}`, { method: 'POST', body: body as BodyInit, headers: type ? { 'content-type': type } : {} });
  const accusationForm = (attachment: Buffer) => {
    const form = new FormData();
    form.append('subject', 'Uploads test');
    form.append('description', 'A file that must be kept or refused whole');
    form.append('attachment', new Blob([new Uint8Array(attachment)], { type: 'application/pdf' }), 'evidence.pdf');
    return form;
  };
  const login = async (path: string, credentials: object) =>
    (await (await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) })).json()).token as string;

  beforeAll(async () => {
    server = await shared(database);
  });

  it.runIf(database.name === 'postgres')('serves a file saved through one instance from another with its own DATA_DIR', async () => {
    const second = await startTestServer(database, { sameDatabaseAs: server });
    try {
      expect(second.config.dataDir).not.toBe(server.config.dataDir);
      // 3 MB: more than one stored chunk, so their order matters.
      const pdf = randomPdf(3 * MiB);
      const filed = await fileAccusation(accusationForm(pdf));
      expect(filed.status, await filed.clone().text()).toBe(201);
      const { reference } = await filed.json();
      const [{ attachment }] = await server.db.query<{ attachment: string }>('SELECT attachment FROM accusation WHERE reference = $1', [reference]);
      const token = await login('/accusation_acceptor_user_api/login_accusation_acceptor', DEMO_ACCEPTOR);
      const download = await fetch(`${second.url}/media/AccusationFiles/${attachment}`, { headers: { authorization: `Bearer ${token}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-length')).toBe(String(pdf.length));
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

      // The demo letters the seed stored are in the database too.
      const customerToken = await login('/customer_user_api/login_customer_user', DEMO_CUSTOMER);
      const [letter] = await server.db.query<{ name: string }>(
        `SELECT c.response_attachment AS name FROM customer_case c JOIN customer_user u ON u.id = c.customer_id
          WHERE u.email = $1 AND c.response_attachment IS NOT NULL LIMIT 1`,
        [DEMO_CUSTOMER.email],
      );
      const seeded = await fetch(`${second.url}/media/CaseFiles/${letter.name}`, { headers: { authorization: `Bearer ${customerToken}` } });
      expect(seeded.status).toBe(200);
      expect(Buffer.from(await seeded.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(fs.existsSync(path.join(second.config.dataDir, 'files'))).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('keeps nothing of a refused upload', async () => {
    const before = await storedFileNames(server, 'accusation-files');
    await expectError(await fileAccusation(accusationForm(oversizePdf(10 * MiB))), 413, 'attachmentTooLarge');
    await expectError(await fileAccusation(accusationForm(Buffer.from('not a PDF at all'))), 400, 'attachmentInvalid');
    const noSubject = accusationForm(tinyPdf());
    noSubject.delete('subject');
    await expectError(await fileAccusation(noSubject), 400, 'accusationSubjectRequired');
    expect(await storedFileNames(server, 'accusation-files')).toEqual(before);
  });

  it('answers a truncated upload with 400 and keeps nothing of it', async () => {
    const before = await storedFileNames(server, 'accusation-files');
    const { body, type } = multipart([
      { name: 'subject', value: 'Cut off' },
      { name: 'description', value: 'The connection ends halfway through the file' },
      { name: 'attachment', file: randomPdf(2 * MiB), filename: 'evidence.pdf' },
    ]);
    const head = `POST ${ACCUSATION} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`;
    // Node's parser answers the client; the route learns of the cut on its own time.
    let routeAnswer: ServerResponse | undefined;
    server.app.server.prependOnceListener('request', (_request: IncomingMessage, response: ServerResponse) => (routeAnswer = response));
    expectRefusal(await rawRequest(server.url, head, body.subarray(0, MiB)), 400, 'uploadIncomplete');
    // Once the route has written its own answer (to nobody), it has run to its end, clean-up included:
    // it neither logged a failure of ours nor kept the half file.
    await expect.poll(() => routeAnswer?.writableEnded, { timeout: 10_000 }).toBe(true);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(await storedFileNames(server, 'accusation-files')).toEqual(before);
  });

  it('refuses too many files, too many fields and a too-long field, each with its own message', async () => {
    const files = multipart([
      { name: 'subject', value: 'Two files' },
      { name: 'description', value: 'Only one may come' },
      { name: 'attachment', file: tinyPdf(), filename: 'one.pdf' },
      { name: 'attachment', file: tinyPdf(), filename: 'two.pdf' },
    ]);
    await expectError(await fileAccusation(files.body, files.type), 400, 'tooManyFiles');

    const fields = multipart(Array.from({ length: 11 }, (_, i) => ({ name: `field${i}`, value: 'x' })));
    await expectError(await fileAccusation(fields.body, fields.type), 400, 'tooManyFields');

    const long = new FormData();
    long.append('subject', 'Long');
    long.append('description', 'x'.repeat(25_000));
    await expectError(await fileAccusation(long), 400, 'fieldTooLong');
  });

  it('refuses a JSON body over 1 MB as too large a request, not a file', async () => {
    const response = await fetch(`${server.url}/customer_user_api/login_customer_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.org', password: 'x'.repeat(MiB + 1) }),
    });
    await expectError(response, 413, 'bodyTooLarge');
  });

  it('answers what Node refuses before a route runs in the same JSON: a very long URL or query string', async () => {
    // Node's parser allows 16 KB of request line and headers, then answers 431.
    const longPath = await rawRequest(server.url, `GET /division_api/get_division/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectRefusal(longPath, 431, 'requestTooLong');
    // Written past Fastify, yet with the headers every answer carries.
    expect(longPath.head).toContain('\r\nx-content-type-options: nosniff');
    expect(longPath.head).toContain("\r\ncontent-security-policy: default-src 'none'; frame-ancestors 'none'");
    const longQuery = await rawRequest(server.url, `GET /customer_case_api/get_case?q=${'b'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectRefusal(longQuery, 431, 'requestTooLong');
    expectRefusal(await rawRequest(server.url, 'NOT HTTP AT ALL\r\n\r\n'), 400, 'invalidRequest');
  });

  it('answers what Fastify refuses before a route runs in the same JSON: a 300-character id, a bad escape', async () => {
    await expectError(await fetch(`${server.url}/division_api/get_division/${'a'.repeat(300)}`), 400, 'invalidId');
    await expectError(await fetch(`${server.url}/division_api/get_division/%E0%A4%A`), 400, 'invalidRequest');
  });
});

describe.each(databases)('uploads a crash left half-written, on $name', (database) => {
  it('are removed at the next start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-partial-'));
    const first = await startTestServer(database, { dataDir, sameDatabaseAs: await shared(database) });
    let second: TestServer | undefined;
    try {
      const young = randomUUID();
      const old = randomUUID();
      if (database.name === 'postgres') {
        // One stopped mid-write two hours ago; one another instance is writing right now.
        await first.db.query(`INSERT INTO stored_file (id, area, name, created_at) VALUES ($1, 'case-files', $2, now() - interval '2 hours')`, [old, `${old}.part`]);
        await first.db.query(`INSERT INTO stored_file_chunk (file_id, seq, bytes) VALUES ($1, 0, $2)`, [old, Buffer.from('%PDF-half')]);
        await first.db.query(`INSERT INTO stored_file (id, area, name) VALUES ($1, 'case-files', $2)`, [young, `${young}.part`]);
      } else {
        fs.mkdirSync(path.join(dataDir, 'files', 'case-files'), { recursive: true });
        fs.writeFileSync(path.join(dataDir, 'files', 'case-files', `${old}.part`), '%PDF-half');
      }
      const before = await storedFileNames(first, 'case-files');
      expect(before).toContain(`${old}.part`);

      second = await startTestServer(database, { dataDir, sameDatabaseAs: first });
      const after = await storedFileNames(second, 'case-files');
      expect(after).not.toContain(`${old}.part`);
      expect(after).toEqual(before.filter((name) => name !== `${old}.part`));
      if (database.name === 'postgres') {
        expect(after).toContain(`${young}.part`);
        expect(await first.db.query('SELECT 1 FROM stored_file_chunk WHERE file_id = $1', [old])).toEqual([]);
      }
    } finally {
      await second?.close();
      await first.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
