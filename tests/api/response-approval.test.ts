import { randomUUID } from 'node:crypto';
import { jsonCalls } from '../helpers/json-calls.ts';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole, type TokenSigner } from '../../server/auth/tokens.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';
import { customerSees as everythingCustomerSees } from '../helpers/customer-view.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Staff12345';

/**
 * A response is the customer's only once a manager approved it (D1), and that manager is not
 * the one who wrote it (H9, four eyes). Every demo case is put in one directorate, so the
 * tests decide who its managers are.
 */
describe.each(databases)('a response, approved by a second person, then the customer’s, on $name', (database) => {
  let server: TestServer;
  let directorate: string;
  /** The demo customer's open cases (pending or ongoing), and the other customer's. */
  let open: { id: string; status: string; case_number: string }[];
  let othersOpen: { id: string; status: string }[];
  let customer: string;
  let officer: Staff;
  let manager: Staff;
  let secondManager: Staff;
  let admin: Staff;
  let signer: TokenSigner;

  interface Staff { token: string; id: string; lastname: string }
  const { post, get } = jsonCalls(() => server.url);
  /**
   * A new staff user with a last name of their own, so a response's writer can be looked for
   * in any answer, and a session signed as the server signs one (the sign-in is not what
   * these tests are about, and an admin's asks for a second factor).
   */
  async function staff(role: StaffRole, directorateId: string | null): Promise<Staff> {
    const email = `${role}-${randomUUID()}@portal.test`;
    const lastname = `Writer${randomUUID().slice(0, 8)}`;
    await addStaff(server.db, {
      email, password_hash: await hash(PASSWORD), firstname: 'Almaz', middlename: '', lastname, role, directorate_id: directorateId,
    }, new Date(Date.now() - 1000));
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [email]);
    return { token: signer.sign(id, role, 3600).token, id, lastname };
  }
  const act = (who: Staff, caseId: string, action: 'take' | 'approve' | 'return' | 'reject', body?: Json) =>
    post(`/staff_api/cases/${caseId}/${action}`, body ?? {}, who.token);
  const respond = (who: Staff, caseId: string, justification: string) => {
    const form = new FormData();
    form.append('justification', justification);
    return fetch(`${server.url}/staff_api/cases/${caseId}/respond`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  };
  /**
   * Takes the case if it is pending (an ongoing demo case is its demo officer's: the manager
   * hands it to this officer, as only its holder may answer it), then answers it: the letter's name.
   */
  async function answered(who: Staff, caseId: string, justification = 'DRAFT answer. Internal: manager please check.'): Promise<string> {
    const [{ status }] = await server.db.query<{ status: string }>('SELECT status FROM customer_case WHERE id = $1', [caseId]);
    if (status === 'pending') await expectOk(await act(who, caseId, 'take'));
    if (status === 'ongoing' && who === officer) await expectOk(await post(`/staff_api/cases/${caseId}/assign`, { officer: who.id }, manager.token));
    await expectOk(await respond(who, caseId, justification));
    return (await server.db.query<{ response_attachment: string }>('SELECT response_attachment FROM customer_case WHERE id = $1', [caseId]))[0]
      .response_attachment;
  }
  const caseFile = (file: string, token: string, caseId?: string) => get(`/media/CaseFiles/${file}${caseId ? `?case=${caseId}` : ''}`, token);

  /** Everything the customer's calls say about a case, as one text (tests/helpers/customer-view.ts). */
  const customerSees = (kase: { id: string; case_number: string }) => everythingCustomerSees(server.url, customer, kase);
  /** The customer learns nothing of the response: no letter, no writer, and the letter's file is as unknown. */
  async function expectNoResponseShown(kase: { id: string; case_number: string }, letter: string, writer: Staff) {
    const seen = await customerSees(kase);
    expect(seen.includes(letter), `the letter's name in ${seen.slice(0, 300)}…`).toBe(false);
    expect(seen.includes(writer.lastname), 'the writer’s name').toBe(false);
    const byId = await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer));
    expect(byId).toMatchObject({ responded_by: null, response_justification: null });
    expect((await caseFile(letter, customer)).status).toBe(404);
    expect((await caseFile(letter, customer, kase.id)).status).toBe(404);
    // The directorate's staff still read it.
    expect((await caseFile(letter, officer.token, kase.id)).status).toBe(200);
    const forStaff = await expectOk(await get(`/staff_api/cases/${kase.id}`, manager.token));
    expect(forStaff).toMatchObject({ response_justification: { attachment: letter }, responded_by: { lastname: writer.lastname } });
  }

  beforeAll(async () => {
    server = await startTestServer(database);
    signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    [{ id: directorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
    await server.db.query('UPDATE case_request SET directorate_id = $1', [directorate]);
    // The demo cases keep the directorate they were filed into (migration 022): moved there too.
    await server.db.query('UPDATE customer_case SET directorate_id = $1', [directorate]);
    const openCases = (email: string) => server.db.query<{ id: string; status: string; case_number: string }>(
      `SELECT c.id, c.status, c.case_number FROM customer_case c JOIN customer_user u ON u.id = c.customer_id
       WHERE u.email = $1 AND c.status IN ('pending', 'ongoing') ORDER BY c.created_at`,
      [email],
    );
    open = await openCases(DEMO_CUSTOMER.email);
    othersOpen = await server.db.query(
      `SELECT c.id, c.status FROM customer_case c JOIN customer_user u ON u.id = c.customer_id
       WHERE u.email <> $1 AND c.status IN ('pending', 'ongoing') ORDER BY c.created_at`,
      [DEMO_CUSTOMER.email],
    );
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(othersOpen.length).toBeGreaterThanOrEqual(1);
    customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
    [officer, manager, secondManager, admin] = await Promise.all([
      staff('officer', directorate), staff('manager', directorate), staff('manager', directorate), staff('admin', null),
    ]);
  });
  afterAll(() => server?.close());

  it('shows the customer no letter, no writer and no file while the response waits for approval', async () => {
    const kase = open[0];
    const letter = await answered(officer, kase.id);
    await expectNoResponseShown(kase, letter, officer);
  });

  it('shows none of it after a manager sends the response back', async () => {
    const kase = open[1];
    const letter = await answered(officer, kase.id);
    await expectOk(await act(manager, kase.id, 'return', { note: 'Wrong, redo.' }));
    await expectNoResponseShown(kase, letter, officer);
  });

  it('shows none of it after a responded case is rejected', async () => {
    const kase = open[2];
    const letter = await answered(officer, kase.id);
    // The manager rejects it: who rejected a case is the customer's to know, who wrote the draft is not.
    await expectOk(await act(manager, kase.id, 'reject', { rejection_justification: 'Not ours after all.' }));
    await expectNoResponseShown(kase, letter, officer);
  });

  it('shows the letter and its writer once a manager approved it', async () => {
    const kase = open[3];
    const draft = await answered(officer, kase.id, 'Your roof is repaired on Monday.');
    await expectOk(await act(manager, kase.id, 'approve'));
    // The generated draft is replaced by the numbered final letter (issue 25, casework-letters.test.ts).
    const [{ response_attachment: letter }] = await server.db.query<{ response_attachment: string }>(
      'SELECT response_attachment FROM customer_case WHERE id = $1', [kase.id],
    );
    expect(letter).not.toBe(draft);
    expect((await caseFile(draft, customer, kase.id)).status).toBe(404);
    const seen = await customerSees(kase);
    expect(seen).toContain(letter);
    expect(seen).toContain(officer.lastname);
    expect(await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer)))
      .toMatchObject({ status: 'verified', response_justification: { attachment: letter }, responded_by: { lastname: officer.lastname } });
    const file = await caseFile(letter, customer);
    expect(file.status).toBe(200);
    expect(squashed((await pdfPages(new Uint8Array(await file.arrayBuffer()))).join(''))).toContain(squashed('Your roof is repaired'));
  });

  describe('four eyes', () => {
    const stateOf = async (caseId: string) => ({
      row: (await server.db.query('SELECT status, version, verified_date, verified_by_id FROM customer_case WHERE id = $1', [caseId]))[0],
      history: await server.db.query('SELECT action FROM case_history WHERE case_id = $1 ORDER BY changed_at, id', [caseId]),
      audit: await server.db.query(`SELECT action FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 ORDER BY id`, [caseId]),
      notices: await server.db.query('SELECT notice FROM notification_job WHERE case_id = $1 ORDER BY id', [caseId]),
    });
    const waitingFor = async (who: Staff) =>
      ((await expectOk(await get('/staff_api/cases?for_approval=yes', who.token))).cases as Json[]).map((each) => each._id);
    const mayApprove = async (who: Staff, caseId: string) => (await expectOk(await get(`/staff_api/cases/${caseId}`, who.token))).may_approve;

    it('refuses the manager who wrote the response, changing nothing; another manager approves it', async () => {
      const kase = open[4];
      await answered(manager, kase.id);
      const before = await stateOf(kase.id);
      await expectError(await act(manager, kase.id, 'approve'), 403, 'approvalNeedsSecondPerson');
      expect(await stateOf(kase.id)).toEqual(before);
      expect(await mayApprove(manager, kase.id)).toBe(false);
      expect(await waitingFor(manager)).not.toContain(kase.id);
      // With a second manager in the directorate, an admin neither sees nor approves it.
      await expectError(await act(admin, kase.id, 'approve'), 404, 'notFound');
      expect(await waitingFor(admin)).not.toContain(kase.id);

      expect(await mayApprove(secondManager, kase.id)).toBe(true);
      expect(await waitingFor(secondManager)).toContain(kase.id);
      expect((await expectOk(await act(secondManager, kase.id, 'approve'))).status).toBe('verified');
      expect((await stateOf(kase.id)).row).toMatchObject({ status: 'verified', verified_by_id: secondManager.id });
    });

    it('lets a manager approve a response they only sent back, when an officer wrote it', async () => {
      const kase = othersOpen[0];
      await answered(officer, kase.id);
      await expectOk(await act(manager, kase.id, 'return', { note: 'Say when.' }));
      await expectOk(await respond(officer, kase.id, 'On Monday.'));
      expect(await mayApprove(manager, kase.id)).toBe(true);
      await expectOk(await act(manager, kase.id, 'approve'));
    });

    // Last: it leaves the directorate one manager.
    it('lets an admin approve a response where the directorate has no other manager, and that case only', async () => {
      const kase = open[5] ?? othersOpen[1];
      expect(kase, 'a sixth open demo case').toBeDefined();
      await answered(manager, kase.id);
      const byOfficer = open[0]; // responded by the officer in the first test, still waiting
      await server.db.query(`UPDATE staff_user SET status = 'inactive' WHERE role = 'manager' AND directorate_id = $1 AND id <> $2`, [directorate, manager.id]);

      await expectError(await act(manager, kase.id, 'approve'), 403, 'approvalNeedsSecondPerson');
      expect(await waitingFor(admin)).toEqual([kase.id]);
      expect(await mayApprove(admin, kase.id)).toBe(true);
      // The officer's response is the manager's to approve, not the admin's.
      expect(await waitingFor(manager)).toContain(byOfficer.id);
      await expectError(await get(`/staff_api/cases/${byOfficer.id}`, admin.token), 404, 'notFound');
      await expectError(await act(admin, byOfficer.id, 'approve'), 404, 'notFound');

      expect((await expectOk(await act(admin, kase.id, 'approve'))).status).toBe('verified');
      expect((await stateOf(kase.id)).row).toMatchObject({ status: 'verified', verified_by_id: admin.id });
      expect(await waitingFor(admin)).toEqual([]);
    });
  });
});
