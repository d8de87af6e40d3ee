import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole, type TokenSigner } from '../../server/auth/tokens.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();

/**
 * Issue 28: a customer withdraws their own case while it is not yet answered (pending, ongoing,
 * waiting_customer). It becomes withdrawn, the history says the customer did it, its holder is
 * alerted, it leaves the staff's queues and workload, and the customer's dashboard counts it in
 * the total only.
 */
describe.each(databases)('withdrawing a case on $name', (database) => {
  let server: TestServer;
  let signer: TokenSigner;
  let directorate: string;
  let customerId: string;
  let officer: Staff;
  let manager: Staff;
  const clock = { now: nextTuesdayAt('07:00') };
  interface Staff { id: string; token: () => string }
  const { post, get } = jsonCalls(() => server.url);

  async function staff(role: StaffRole): Promise<Staff> {
    const email = `${role}-${randomUUID()}@portal.test`;
    const id = await addStaff(server.db, {
      email, password_hash: await hash('Staff12345'), firstname: 'Almaz', middlename: '', lastname: `Withdraw${randomUUID().slice(0, 6)}`, role,
      directorate_id: directorate,
    }, new Date(Date.now() - 1000));
    return { id, token: () => signer.sign(id, role, 3600, clock.now).token };
  }
  const customer = (id = customerId) => signer.sign(id, 'customer', 3600, clock.now).token;
  const withdraw = (caseId: string, token = customer()) => post(`/customer_case_api/withdraw_case/${caseId}`, undefined, token);
  const statusOf = async (caseId: string) => (await server.db.query<{ status: string }>('SELECT status FROM customer_case WHERE id = $1', [caseId]))[0].status;

  let filed = 0;
  /** A new case of the demo customer in `status`, held by `holder` when given (a copy of a demo case's request and division). */
  async function caseIn(status: string, holder: Staff | null = null): Promise<{ id: string; case_number: string }> {
    filed += 1;
    const [kase] = await server.db.query<{ id: string; case_number: string }>(
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, remark, directorate_id, due_at, created_at, status, assigned_to_id, withdrawn_date)
       SELECT $2, $1, division_id, case_request_id, '', $5, $3::timestamptz + interval '10 days', $3, $4, $6,
         CASE WHEN $4 = 'withdrawn' THEN $3::timestamptz END
       FROM customer_case WHERE customer_id = $1 ORDER BY created_at LIMIT 1
       RETURNING id, case_number`,
      [customerId, `${server.config.caseNumberPrefix}-2098-${String(filed).padStart(6, '0')}`, new Date(clock.now), status, directorate, holder?.id ?? null],
    );
    await server.db.query("INSERT INTO case_history (case_id, status, changed_at) VALUES ($1, 'pending', $2)", [kase.id, new Date(clock.now)]);
    return kase;
  }

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => clock.now, notifyPollMs: 24 * 3_600_000 });
    signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    [{ id: directorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
    // The directorate's managers are the test's alone.
    await server.db.query("UPDATE staff_user SET status = 'inactive' WHERE role = 'manager' AND directorate_id = $1", [directorate]);
    [{ id: customerId }] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]);
    [officer, manager] = [await staff('officer'), await staff('manager')];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('withdraws a pending, an ongoing and a waiting case; the history says the customer did it, and staff see it withdrawn', async () => {
    for (const status of ['pending', 'ongoing', 'waiting_customer']) {
      const kase = await caseIn(status, status === 'pending' ? null : officer);
      clock.now += 60_000;
      const answer = await expectOk(await withdraw(kase.id));
      expect(answer.status).toBe('withdrawn');
      expectMessages(answer);
      expect(await statusOf(kase.id)).toBe('withdrawn');
      const [entry] = await server.db.query<Json>(
        "SELECT action, actor_role, actor_id, from_status, changed_at FROM case_history WHERE case_id = $1 AND status = 'withdrawn'", [kase.id],
      );
      expect(entry).toMatchObject({ action: 'withdraw', actor_role: 'customer', actor_id: null, from_status: status });
      expect(new Date(entry.changed_at).getTime()).toBe(clock.now);
      // The customer sees it as withdrawn on the case page and in their history.
      expect((await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer()))).status).toBe('withdrawn');
      const history: Json[] = await expectOk(await get('/customer_case_history_api/get_case_history', customer()));
      expect(history.filter((h) => h.case._id === kase.id).map((h) => h.status)).toContain('withdrawn');
      // Staff read it as withdrawn.
      expect((await expectOk(await get(`/staff_api/cases/${kase.id}`, manager.token()))).status).toBe('withdrawn');
      const [audit] = await server.db.query<Json>("SELECT actor_role, before, after FROM audit_entry WHERE subject_id = $1 AND action = 'withdraw_case'", [kase.id]);
      expect(audit).toMatchObject({ actor_role: 'customer', before: { status }, after: { status: 'withdrawn' } });
    }
  });

  it('refuses a case already answered, under review, rejected or withdrawn (409, unchanged), and another customer’s case (404)', async () => {
    for (const status of ['responded', 'verified', 'rejected', 'under_review', 'withdrawn']) {
      const kase = await caseIn(status, officer);
      const refused = await expectError(await withdraw(kase.id), 409, 'caseNotWithdrawable');
      expect(refused.Message_am).not.toBe(refused.Message_en);
      expect(await statusOf(kase.id)).toBe(status);
    }
    const mine = await caseIn('pending');
    const [other] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE id <> $1 LIMIT 1', [customerId]);
    await expectError(await withdraw(mine.id, customer(other.id)), 404, 'caseNotFound');
    await expectError(await withdraw(randomUUID()), 404, 'caseNotFound');
    expect(await statusOf(mine.id)).toBe('pending');
    // Without a session: 401.
    expect((await withdraw(mine.id, '')).status).toBe(401);
  });

  it('alerts the holder, or the directorate’s managers when nobody holds it', async () => {
    const held = await caseIn('ongoing', officer);
    const free = await caseIn('pending');
    await expectOk(await withdraw(held.id));
    await expectOk(await withdraw(free.id));
    const alerts = async (who: Staff) => ((await expectOk(await get('/staff_api/alerts', who.token()))).alerts as Json[])
      .filter((alert) => alert.kind === 'case_withdrawn').map((alert) => alert.case.case_number);
    expect(await alerts(officer)).toContain(held.case_number);
    expect(await alerts(officer)).not.toContain(free.case_number);
    expect(await alerts(manager)).toContain(free.case_number);
    expect(await alerts(manager)).not.toContain(held.case_number);
  });

  it('counts in the total of the customer’s dashboard only, and leaves the staff’s queues and workload', async () => {
    const summary = async () => expectOk(await get('/customer_case_api/get_case_cust', customer()));
    const before = await summary();
    const kase = await caseIn('ongoing', officer);
    const during = await summary();
    expect(during).toMatchObject({ totalCases: before.totalCases + 1, processingCases: before.processingCases + 1 });
    const queue = async () => ((await expectOk(await get('/staff_api/cases?view=mine', officer.token()))).cases as Json[]).map((c) => c._id);
    const workload = async () => (await expectOk(await get('/staff_api/management/workload', manager.token()))).officers.find((o: Json) => o.id === officer.id)?.open ?? 0;
    expect(await queue()).toContain(kase.id);
    const openBefore = await workload();

    await expectOk(await withdraw(kase.id));
    expect(await summary()).toEqual({ ...before, totalCases: before.totalCases + 1 });
    expect(await queue()).not.toContain(kase.id);
    expect(await workload()).toBe(openBefore - 1);
    // Not late for anyone, however long ago it was due.
    clock.now += 30 * 86_400_000;
    const late = ((await expectOk(await get('/staff_api/cases?view=late', officer.token()))).cases as Json[]).map((c) => c._id);
    expect(late).not.toContain(kase.id);
    expect((await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer()))).late).toBe('no');
  });
});
