import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner } from '../../server/auth/tokens.ts';
import { DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const MINUTE = 60_000;

/**
 * Issue 25: a rating's comment is read by the staff who may read its case (staffGetCase's
 * `rating`) and, for a manager's directorate or an admin's whole corporation, in the
 * dashboard's newest 20 comments; never by another directorate's staff, nor another customer.
 */
describe.each(databases)('rating comments for staff on $name', (database) => {
  let server: TestServer;
  // The app's clock starts at the real time (the tokens are signed on it) and only moves on.
  const clock = { now: Date.now() };
  const { get, post } = jsonCalls(() => server.url);
  /** Two answered, unrated cases of two customers, in two directorates. */
  let ours: { id: string; case_number: string; directorate_id: string; customer_id: string };
  let theirs: typeof ours;
  let customerToken: (customerId: string) => string;

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => clock.now });
    const signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    customerToken = (customerId) => signer.sign(customerId, 'customer', 3600, clock.now).token;
    const owners = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE email = ANY($1) ORDER BY email = $2 DESC', [
      [DEMO_CUSTOMER.email, SECOND_DEMO_CUSTOMER.email], DEMO_CUSTOMER.email,
    ]);
    const answered = await server.db.query<typeof ours>(
      `SELECT c.id, c.case_number, c.directorate_id, c.customer_id FROM customer_case c
       WHERE c.status = 'verified' AND c.directorate_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM case_rating r WHERE r.case_id = c.id)
       ORDER BY c.created_at LIMIT 2`,
    );
    expect(answered).toHaveLength(2);
    [ours, theirs] = answered;
    const [{ id: elsewhere }] = await server.db.query<{ id: string }>(
      "SELECT id FROM directorate WHERE id <> $1 AND status = 'active' ORDER BY created_at LIMIT 1", [ours.directorate_id],
    );
    // The second case: the other customer's, in another directorate.
    await server.db.query('UPDATE customer_case SET customer_id = $2, directorate_id = $3 WHERE id = $1', [theirs.id, owners[1].id, elsewhere]);
    await server.db.query('UPDATE customer_case SET customer_id = $2 WHERE id = $1', [ours.id, owners[0].id]);
    ours.customer_id = owners[0].id;
    Object.assign(theirs, { customer_id: owners[1].id, directorate_id: elsewhere });
  });
  afterAll(() => server?.close());

  const rate = (kase: typeof ours, rateNum: number, comment?: string) =>
    post('/div_rate/create_custrate', { rateNum, rateCase: kase.id, comment }, customerToken(kase.customer_id));
  const staffCase = async (caseId: string, token: string) => (await expectOk(await get(`/staff_api/cases/${caseId}`, token))).rating;
  const comments = async (token: string): Promise<Json[]> => (await expectOk(await get('/staff_api/management/summary', token))).recentComments;

  it("shows the case's stars, comment and date to its directorate's staff, and the case to no other directorate", async () => {
    const officer = await signedStaff(server, 'officer', ours.directorate_id);
    expect(await staffCase(ours.id, officer.token)).toBeNull();

    const ratedAt = new Date(clock.now);
    await expectOk(await rate(ours, 4, '  The officer called me back the same day.  '), 201);
    const manager = await signedStaff(server, 'manager', ours.directorate_id);
    for (const token of [officer.token, manager.token]) {
      expect(await staffCase(ours.id, token)).toEqual({ rate: 4, comment: 'The officer called me back the same day.', at: ratedAt.toISOString() });
    }
    // Another directorate's staff do not see the case, so neither its rating.
    for (const role of ['officer', 'manager'] as const) {
      await expectError(await get(`/staff_api/cases/${ours.id}`, (await signedStaff(server, role, theirs.directorate_id)).token), 404, 'notFound');
    }
  });

  it("keeps a customer's rating from every other customer", async () => {
    await expectError(await get(`/div_rate/get_rating_bycase/${ours.id}`, customerToken(theirs.customer_id)), 404, 'ratingNotFound');
    await expectError(await rate({ ...ours, customer_id: theirs.customer_id }, 1, 'Not mine.'), 404, 'caseNotFound');
    expect(await expectOk(await get(`/div_rate/get_rating_bycase/${ours.id}`, customerToken(ours.customer_id)))).toMatchObject({
      rateNum: 4, comment: 'The officer called me back the same day.',
    });
  });

  it("lists a manager's directorate's newest 20 comments on the dashboard, no customer named; an admin's lists every directorate's", async () => {
    clock.now += MINUTE;
    await expectOk(await rate(theirs, 2, 'Nobody answered the phone.'), 201);
    const manager = await signedStaff(server, 'manager', ours.directorate_id);
    const elsewhere = await signedStaff(server, 'manager', theirs.directorate_id);
    const admin = await signedStaff(server, 'admin', null);
    const ourComment = { case_number: ours.case_number, rate: 4, comment: 'The officer called me back the same day.' };
    const theirComment = { case_number: theirs.case_number, rate: 2, comment: 'Nobody answered the phone.' };
    // Exactly these four fields: the case, its stars, the day and the text; nothing of who wrote it.
    expect((await comments(manager.token)).map((entry) => Object.keys(entry).sort())).toEqual([['at', 'case_number', 'comment', 'rate']]);
    expect(await comments(manager.token)).toMatchObject([ourComment]);
    expect(await comments(elsewhere.token)).toMatchObject([theirComment]);
    expect((await comments(admin.token)).slice(0, 2)).toMatchObject([theirComment, ourComment]);

    // 21 more comments on the directorate's cases (copies of ours: the demo has fewer), a minute apart: the newest 20 are
    // listed, newest first; a star alone is no comment.
    const cases = await server.db.query<{ id: string; case_number: string }>(
      `INSERT INTO customer_case
       SELECT (jsonb_populate_record(c, jsonb_build_object('id', gen_random_uuid(), 'case_number', 'HDC-2019-9' || lpad(n::text, 5, '0'), 'idempotency_key', NULL))).*
       FROM customer_case c, generate_series(1, 22) n WHERE c.id = $1
       RETURNING id, case_number`, [ours.id],
    );
    expect(cases).toHaveLength(22);
    const written = cases.slice(0, 21).map((kase, index) => ({ ...kase, comment: `Comment ${index + 1}`, at: new Date(clock.now + (index + 1) * MINUTE) }));
    for (const { id, comment, at } of written) {
      await server.db.query('INSERT INTO case_rating (case_id, customer_id, rate_num, comment, created_at) VALUES ($1, $2, 5, $3, $4)', [id, ours.customer_id, comment, at]);
    }
    await server.db.query('INSERT INTO case_rating (case_id, customer_id, rate_num, created_at) VALUES ($1, $2, 3, $3)', [
      cases[21].id, ours.customer_id, new Date(clock.now + 30 * MINUTE),
    ]);
    const newest = written.slice(1).reverse().map(({ case_number, comment, at }) => ({ case_number, rate: 5, comment, at: at.toISOString() }));
    expect(await comments(manager.token)).toEqual(newest);
    expect(await comments(elsewhere.token)).toMatchObject([theirComment]);
  });
});
