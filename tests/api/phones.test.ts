import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../server/db/migrate.ts';
import { testDatabases } from '../helpers/databases.ts';
import { ETHIOPIC, expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { PHONE_FORMS } from '../helpers/phone-forms.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';

const databases = await testDatabases();
// Only the test sends the notices: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const PASSWORD = 'Staff12345';
const MIGRATION = path.join(import.meta.dirname, '../../server/db/migrations/024_phones_in_one_form.sql');

/** Nine digits of an Ethiopian mobile number no other test holds: 9 and eight random digits. */
const mobileDigits = () => `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** 0911 234 567: the way people write it on a form. */
const localForm = (digits: string) => `0${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;

describe.each(databases)('phone numbers in one form (issue 24) on $name', (database) => {
  let server: TestServer;
  const calls = jsonCalls(() => server.url);

  beforeAll(async () => {
    server = await startTestServer(database, { notifyPollMs: NEVER, submissionLimit: { max: 1000, windowMs: 60_000 } });
  });
  afterAll(() => server?.close());

  let passwordHash: Promise<string> | undefined;
  /** A new staff user's session token. */
  const staffToken = async (role: 'officer' | 'manager' | 'accusation_acceptor', directorate: string | null) => {
    const email = `${role}-${randomUUID()}@portal.test`;
    passwordHash ??= hash(PASSWORD);
    await addStaff(server.db, { email, password_hash: await passwordHash, firstname: 'Hana', middlename: '', lastname: 'Girma', role, directorate_id: directorate },
      new Date(Date.now() - 1000));
    return staffSignIn(server.url, { email, password: PASSWORD });
  };

  const register = (phone: string, housePhone = '') => {
    const form = new FormData();
    const fields = {
      firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye', email: `phone-${randomUUID()}@example.test`,
      password: 'Secret-1234', phone, house_phone_number: housePhone, gender: 'Female',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return { email: fields.email, answer: fetch(`${server.url}/customer_user_api/create_customer_user`, { method: 'POST', body: form }) };
  };
  const customerRow = async (email: string) =>
    (await server.db.query<{ id: string; phone: string; house_phone_number: string }>(
      'SELECT id, phone, house_phone_number FROM customer_user WHERE email = $1', [email]))[0];
  const fileAccusation = (phone: string) => {
    const form = new FormData();
    form.append('subject', 'Asked for money');
    form.append('description', 'At the front desk.');
    form.append('phone', phone);
    return fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
  };
  /** A pending case of the demo, now the customer's, and a manager of the directorate whose queue it is in. */
  const caseOf = async (customerId: string) => {
    const [kase] = await server.db.query<{ id: string; directorate: string }>(
      `SELECT c.id, (SELECT d.id FROM directorate d WHERE d.division_id = c.division_id AND d.status = 'active'
                     ORDER BY d.created_at, d.id LIMIT 1) AS directorate
       FROM customer_case c WHERE c.status = 'pending' AND c.customer_id <> $1 ORDER BY c.created_at LIMIT 1`,
      [customerId],
    );
    await server.db.query('UPDATE customer_case SET customer_id = $1 WHERE id = $2', [customerId, kase.id]);
    return kase;
  };
  const smsTo = (phone: string) => {
    const dir = path.join(server.config.dataDir, 'sms');
    const texts = fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
    return texts.filter((text) => text.startsWith(`To: ${phone}\n`));
  };

  it('stores a registration’s phone and house phone as +251…, whichever local form they were typed in', async () => {
    const digits = mobileDigits();
    const { email, answer } = register(localForm(digits), '011 123 4567');
    await expectOk(await answer, 201);
    expect(await customerRow(email)).toMatchObject({ phone: `+251${digits}`, house_phone_number: '+251111234567' });

    for (const typed of [`+251 ${digits}`, `251${digits}`, digits, `7${digits.slice(1)}`]) {
      const again = register(typed);
      await expectOk(await again.answer, 201);
      expect((await customerRow(again.email)).phone).toBe(`+251${typed.replace(/\D/g, '').slice(-9)}`);
    }
  });

  it('takes a foreign number only with its + and country code, and says so in the reader’s language', async () => {
    const foreign = register('+44 20 7946 0000');
    await expectOk(await foreign.answer, 201);
    expect((await customerRow(foreign.email)).phone).toBe('+442079460000');

    const bare = register('20 7946 0000');
    const refusal = await expectError(await bare.answer, 400, 'phoneCountryCodeMissing');
    expect(refusal.Message_en).toContain('+ and its country code');
    expect(refusal.Message_am).toMatch(ETHIOPIC);
    expect(await customerRow(bare.email)).toBeUndefined();
    await expectError(await register('0911 234 567', '2079460000').answer, 400, 'phoneCountryCodeMissing');
    await expectError(await register('+251 911 234').answer, 400, 'phoneInvalid');
  });

  it('stores an accusation’s phone as +251…, and finds it in the ethics inbox by 09…, 9…, 2519… and +2519…', async () => {
    const digits = mobileDigits();
    const { reference } = await expectOk(await fileAccusation(localForm(digits)), 201);
    const [{ phone }] = await server.db.query<{ phone: string }>('SELECT phone FROM accusation WHERE reference = $1', [reference]);
    expect(phone).toBe(`+251${digits}`);
    await expectError(await fileAccusation('2079460000'), 400, 'phoneCountryCodeMissing');

    const ethics = await staffToken('accusation_acceptor', null);
    const found = async (typed: string) => {
      const page = await expectOk(await calls.get(`/staff_api/accusations?phone=${encodeURIComponent(typed)}`, ethics));
      return page.accusations.map((each: Json) => each.reference);
    };
    for (const typed of [localForm(digits), digits, `251${digits}`, `+251${digits}`, `+251 ${digits.slice(0, 3)}`, `0${digits.slice(0, 5)}`]) {
      expect(await found(typed), typed).toContain(reference);
    }
    expect(await found('not a number')).toEqual([]);
  });

  it('finds a customer’s case in the staff queue by 09…, 9…, 2519… and +2519…, and a part of the number as digits', async () => {
    const digits = mobileDigits();
    const { email, answer } = register(localForm(digits));
    await expectOk(await answer, 201);
    const kase = await caseOf((await customerRow(email)).id);
    const manager = await staffToken('manager', kase.directorate);
    const found = async (q: string) => {
      const page = await expectOk(await calls.get(`/staff_api/cases?q=${encodeURIComponent(q)}`, manager));
      return page.cases.map((each: Json) => each._id);
    };
    for (const typed of [`0${digits}`, localForm(digits), digits, `251${digits}`, `+251${digits}`, `+251 ${digits}`, digits.slice(2, 7), `0${digits.slice(0, 4)}`]) {
      expect(await found(typed), typed).toContain(kase.id);
    }
    expect(await found('Almaz')).toContain(kase.id);
  });

  it('sends every SMS to the +251… number, one stored in a local form included', async () => {
    const digits = mobileDigits();
    const { email, answer } = register(localForm(digits));
    await expectOk(await answer, 201);
    const customer = await customerRow(email);
    const kase = await caseOf(customer.id);
    const officer = await staffToken('officer', kase.directorate);
    await expectOk(await calls.post(`/staff_api/cases/${kase.id}/take`, {}, officer));
    await server.app.drainNotifications();
    expect(smsTo(`+251${digits}`)).toHaveLength(1);

    // A number written some other way (by hand, or from a copy of the database made before migration 024).
    const other = mobileDigits();
    await server.db.query('UPDATE customer_user SET phone = $1 WHERE id = $2', [localForm(other), customer.id]);
    const next = await caseOf(customer.id);
    const nextOfficer = await staffToken('officer', next.directorate);
    await expectOk(await calls.post(`/staff_api/cases/${next.id}/take`, {}, nextOfficer));
    await server.app.drainNotifications();
    expect(smsTo(`+251${other}`)).toHaveLength(1);
    expect(smsTo(localForm(other))).toEqual([]);
  });

  it('migration 024 brings stored customers’ and accusations’ numbers to the same form, leaving what it cannot read as it was', async () => {
    const ids: string[] = [];
    for (const [typed] of PHONE_FORMS) {
      const [{ id }] = await server.db.query<{ id: string }>(
        `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, house_phone_number, gender)
         VALUES ('Old', 'Row', 'Before', $1, 'x', $2, $2, 'Male') RETURNING id`,
        [`old-${randomUUID()}@example.test`, typed],
      );
      ids.push(id);
      await server.db.query(`INSERT INTO accusation (reference, phone, subject, description) VALUES ($1, $2, 'S', 'D')`, [`OLD-${id}`, typed]);
    }
    for (const statement of splitStatements(fs.readFileSync(MIGRATION, 'utf8'))) await server.db.query(statement);

    const customers = await server.db.query<{ id: string; phone: string; house_phone_number: string }>(
      'SELECT id, phone, house_phone_number FROM customer_user WHERE id = ANY($1::uuid[])', [ids]);
    const accusations = await server.db.query<{ reference: string; phone: string }>(
      'SELECT reference, phone FROM accusation WHERE reference = ANY($1::text[])', [ids.map((id) => `OLD-${id}`)]);
    PHONE_FORMS.forEach(([typed, stored], index) => {
      const expected = stored ?? typed;
      expect(customers.find((row) => row.id === ids[index]), typed).toMatchObject({ phone: expected, house_phone_number: expected });
      expect(accusations.find((row) => row.reference === `OLD-${ids[index]}`)?.phone, typed).toBe(expected);
    });
  });
});
