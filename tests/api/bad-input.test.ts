import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { fileServer, type TestServer } from '../helpers/server.ts';
import { logLines } from '../helpers/log-lines.ts';
import { multipart, type Part } from '../helpers/multipart.ts';
import { storedFileNames } from '../helpers/stored-files.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import type { FileArea } from '../../server/files/storage.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

/**
 * Issue 23, "Bad input is a clear 400, never a 500": a multipart body that ends inside a
 * part (review #30, X9), a NUL byte in a path, query or body (PostgreSQL refuses \u0000 in
 * text), and names with line breaks or control characters (#36: they reached mail bodies).
 */
const databases = await testDatabases();
const PASSWORD = 'Staff12345';
const now = nextTuesdayAt('07:30');
const logs = { pglite: logLines(), postgres: logLines() };
const shared = fileServer((database) => ({ logger: logs[database.name].logger, clock: () => now, submissionLimit: { max: 1000, windowMs: 60_000 } }));

describe.each(databases)('bad input on $name', (database) => {
  let server: TestServer;
  const log = logs[database.name];
  let customer: string;
  let officer: string;
  let admin: string;
  /** An ongoing case the officer may respond to. */
  let caseId: string;

  const call = (method: string, route: string, { token, json, body, type }: { token?: string; json?: unknown; body?: Buffer; type?: string } = {}) =>
    fetch(`${server.url}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : type ? { 'content-type': type } : {}),
      },
      body: json !== undefined ? JSON.stringify(json) : (body as BodyInit | undefined),
    });
  const count = async (table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const errorLines = () => log.lines.filter((line) => line.level >= 50);
  const mails = () => {
    const folder = path.join(server.config.dataDir, 'mail');
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };
  async function staffToken(role: StaffRole, directorate: string | null) {
    const email = `${role}-${randomUUID()}@bad-input.test`;
    await addStaff(server.db,
      { email, password_hash: await hash(PASSWORD), firstname: 'Abebe', middlename: '', lastname: 'Kebede', role, directorate_id: directorate },
      new Date(now - 1000),
    );
    return staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => now });
  }

  beforeAll(async () => {
    server = await shared(database);
    customer = (await expectOk(await call('POST', '/customer_user_api/login_customer_user', { json: DEMO_CUSTOMER }))).token;
    const [pending] = await server.db.query<{ id: string; directorate: string }>(
      `SELECT c.id, (SELECT d.id FROM directorate d WHERE d.division_id = c.division_id AND d.status = 'active'
                     ORDER BY d.created_at, d.id LIMIT 1) AS directorate
       FROM customer_case c WHERE c.status = 'pending' ORDER BY c.created_at LIMIT 1`,
    );
    caseId = pending.id;
    officer = await staffToken('officer', pending.directorate);
    admin = await staffToken('admin', null);
    await expectOk(await call('POST', `/staff_api/cases/${caseId}/take`, { token: officer }));
  });

  describe('a multipart body that ends inside a part', () => {
    /** The form whole but for its last 1,000 bytes: it stops inside the file part, with no closing boundary. */
    const cutShort = (parts: Part[]) => {
      const { body, type } = multipart([...parts, { name: 'attachment', file: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)]), filename: 'x.pdf' }]);
      return { body: body.subarray(0, body.length - 1000), type };
    };
    const routes: { name: string; area: FileArea; rows: string; send: () => Promise<Response> }[] = [
      {
        name: 'a customer applying (create_case)', area: 'case-files', rows: 'customer_case',
        send: () => call('POST', '/customer_case_api/create_case', { token: customer, ...cutShort([{ name: 'remark', value: 'cut short' }]) }),
      },
      {
        name: 'an accusation (create_accusation)', area: 'accusation-files', rows: 'accusation',
        send: () => call('POST', '/accusation_acceptor_api/create_accusation', cutShort([{ name: 'subject', value: 'Cut' }, { name: 'description', value: 'short' }])),
      },
      {
        name: "an officer's response (staff respond)", area: 'case-files', rows: "customer_case WHERE status = 'responded'",
        send: () => call('POST', `/staff_api/cases/${caseId}/respond`, { token: officer, ...cutShort([{ name: 'justification', value: 'cut short' }]) }),
      },
    ];

    it.each(routes)('is a translated 400 on $name, keeping no row and no file, logged below error level', async ({ area, rows, send }) => {
      const [filesBefore, rowsBefore, errorsBefore] = [await storedFileNames(server, area), await count(rows), errorLines().length];
      await expectError(await send(), 400, 'uploadIncomplete');
      expect(await storedFileNames(server, area)).toEqual(filesBefore);
      expect(await count(rows)).toBe(rowsBefore);
      expect(errorLines().slice(errorsBefore)).toEqual([]);
    });
  });

  describe('a NUL byte', () => {
    it('in a path is a 400', async () => {
      await expectError(await call('GET', '/accusation_acceptor_api/get_accusation_status/%00'), 400, 'invalidRequest');
      await expectError(await call('GET', '/accusation_acceptor_api/get_accusation_status/ACC%00-1'), 400, 'invalidRequest');
    });

    it('in a query is a 400', async () => {
      await expectError(await call('GET', '/staff_api/cases?q=%00', { token: officer }), 400, 'invalidRequest');
      await expectError(await call('GET', '/staff_api/cases?q=abc%00def', { token: officer }), 400, 'invalidRequest');
    });

    it('in a JSON body is a 400, nested or not', async () => {
      await expectError(await call('POST', '/customer_user_api/login_customer_user', { json: { email: 'a\u0000@b.example', password: 'x' } }), 400, 'invalidRequest');
      const returned = await call('POST', `/staff_api/cases/${caseId}/reject`, { token: officer, json: { rejection_justification: 'no\u0000' } });
      await expectError(returned, 400, 'invalidRequest');
      expect((await server.db.query<{ status: string }>('SELECT status FROM customer_case WHERE id = $1', [caseId]))[0].status).toBe('ongoing');
    });

    it('in a multipart field is a 400 that keeps nothing', async () => {
      const [files, rows] = [await storedFileNames(server, 'accusation-files'), await count('accusation')];
      const { body, type } = multipart([
        { name: 'subject', value: 'NUL\u0000subject' },
        { name: 'description', value: 'A description' },
        { name: 'attachment', file: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'x.pdf' },
      ]);
      await expectError(await call('POST', '/accusation_acceptor_api/create_accusation', { body, type }), 400, 'invalidRequest');
      expect(await storedFileNames(server, 'accusation-files')).toEqual(files);
      expect(await count('accusation')).toBe(rows);
    });

    it('was never logged as a failure', () => {
      expect(errorLines()).toEqual([]);
    });
  });

  describe('a name with a line break or a control character', () => {
    const registration = (overrides: Record<string, string>) => {
      const form = new FormData();
      const fields: Record<string, string> = {
        firstname: 'Eve', middlename: 'Kebede', lastname: 'Tadesse', email: `eve-${randomUUID()}@bad-input.test`, password: 'Bole-Woreda-1250',
        phone: '+251911000222', gender: 'Female', ...overrides,
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return call('POST', '/customer_user_api/create_customer_user', { body: form as unknown as Buffer });
    };
    const BAD_NAMES = ['Eve\r\nBcc: victim@evil.example', 'Eve\nMallory', 'Eve\tMallory', 'Eve\u0085Mallory', 'Eve\u2028Mallory', 'Eve\u0007'];

    it.each(['firstname', 'middlename', 'lastname'])('is refused in registration as %s, with nothing stored or mailed', async (field) => {
      const [customers, mailed] = [await count('customer_user'), mails().length];
      for (const name of BAD_NAMES) await expectError(await registration({ [field]: name }), 400, `${field}Invalid`);
      expect(await count('customer_user')).toBe(customers);
      expect(mails().length).toBe(mailed);
      // The same form with a plain name is welcome.
      await expectOk(await registration({ [field]: 'Eve Marie' }), 201);
    });

    it('is refused when an admin saves a staff user, with nothing stored or mailed', async () => {
      const [staff, mailed] = [await count('staff_user'), mails().length];
      const draft = { email: `bob-${randomUUID()}@bad-input.test`, firstname: 'Bob', middlename: '', lastname: 'Kebede', role: 'archivist' };
      for (const field of ['firstname', 'middlename', 'lastname']) {
        for (const name of BAD_NAMES) {
          await expectError(await call('POST', '/staff_api/admin/staff', { token: admin, json: { ...draft, [field]: name } }), 400, `${field}Invalid`);
        }
      }
      expect(await count('staff_user')).toBe(staff);
      expect(mails().length).toBe(mailed);
    });

    it("is refused as an accusation's name, while its description keeps its line breaks", async () => {
      const accuse = (fields: Json) => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ subject: 'Names', description: 'First line\r\nSecond line', ...fields })) form.append(name, value);
        return call('POST', '/accusation_acceptor_api/create_accusation', { body: form as unknown as Buffer });
      };
      const rows = await count('accusation');
      for (const name of BAD_NAMES) await expectError(await accuse({ name }), 400, 'accusationNameInvalid');
      expect(await count('accusation')).toBe(rows);
      const { reference } = await expectOk(await accuse({ name: 'Tigist Alemu' }), 201);
      const [stored] = await server.db.query<Json>('SELECT name, description FROM accusation WHERE reference = $1', [reference]);
      expect(stored).toEqual({ name: 'Tigist Alemu', description: 'First line\nSecond line' });
    });
  });
});
