import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Ethics12345';

describe.each(databases)('ethics users handling accusations on $name', (database) => {
  let server: TestServer;
  let passwordHash: string;
  let ethics: string;
  let ethicsId: string;
  let now = Date.parse('2026-11-24T08:00:00Z');

  const send = (method: string, path: string, token: string, body?: Json) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const update = (id: string, body: Json, token = ethics) => send('POST', `/staff_api/accusations/${id}/status`, token, body);
  const assign = (id: string, body: Json, token = ethics) => send('POST', `/staff_api/accusations/${id}/assign`, token, body);
  const note = (id: string, text: string, token = ethics) => send('POST', `/staff_api/accusations/${id}/notes`, token, { note: text });
  const read = async (id: string, token = ethics) => expectOk(await send('GET', `/staff_api/accusations/${id}`, token));
  const lookup = (reference: string) => fetch(`${server.url}/accusation_acceptor_api/get_accusation_status/${encodeURIComponent(reference)}`);
  const row = async (id: string) =>
    (await server.db.query<Json>('SELECT status, version, assigned_to_id, outcome, review_started_at, closed_at FROM accusation WHERE id = $1', [id]))[0];
  const historyCount = async (id: string) =>
    (await server.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM accusation_history WHERE accusation_id = $1', [id]))[0].n;
  const auditOf = (id: string) =>
    server.db.query<Json>(
      `SELECT actor_id, actor_role, action, before, after FROM audit_entry WHERE subject_type = 'accusation' AND subject_id = $1 ORDER BY id`,
      [id],
    );

  /** A new staff user of that role, signed in: their token and id. */
  async function staff(role: StaffRole, firstname = 'Abebe'): Promise<{ token: string; id: string }> {
    const email = `${role}-${randomUUID()}@portal.test`;
    await addStaff(server.db, { email, password_hash: passwordHash, firstname, middlename: '', lastname: 'Kebede', role, directorate_id: null });
    const token = await staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => now });
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [email]);
    return { token, id };
  }

  /** A fresh accusation, filed as a complainant would: its id and reference. */
  async function filed(subject = `Bribe ${randomUUID()}`): Promise<{ id: string; reference: string }> {
    const form = new FormData();
    form.append('name', 'Meseret Kebede');
    form.append('phone', '0911000222');
    form.append('subject', subject);
    form.append('description', 'An officer asked me for money.');
    const { reference } = await expectOk(await fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form }), 201);
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM accusation WHERE reference = $1', [reference]);
    return { id, reference };
  }

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now, submissionLimit: { max: 1000, windowMs: 60_000 } });
    passwordHash = await hash(PASSWORD);
    ({ token: ethics, id: ethicsId } = await staff('accusation_acceptor', 'Selamawit'));
  });
  afterAll(() => server?.close());

  it('moves received → under review → closed, storing who, when and the outcome, each in the history and the audit log', async () => {
    const { id } = await filed();
    expect(await row(id)).toMatchObject({ status: 'received', version: 0, assigned_to_id: null, outcome: null });

    now += 60_000;
    const started = await expectOk(await update(id, { status: 'under_review' }));
    expectMessages(started);
    expect(started).toMatchObject({ status: 'under_review', version: 1 });
    // Nobody had it: the one who starts the review has it now.
    expect(await row(id)).toMatchObject({ status: 'under_review', version: 1, assigned_to_id: ethicsId, closed_at: null });
    expect(new Date((await row(id)).review_started_at).getTime()).toBe(now);

    now += 60_000;
    const closed = await expectOk(await update(id, { status: 'closed', outcome: '  The officer was warned in writing.\r\n' }));
    expect(closed).toMatchObject({ status: 'closed', version: 2 });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'closed', outcome: 'The officer was warned in writing.' });
    expect(new Date(stored.closed_at).getTime()).toBe(now);

    const accusation = await read(id);
    expect(accusation).toMatchObject({ status: 'closed', outcome: 'The officer was warned in writing.', assignedTo: { _id: ethicsId, firstname: 'Selamawit' } });
    expect(accusation.history.map((entry: Json) => [entry.action, entry.from, entry.to, entry.by._id, entry.by.role, entry.note])).toEqual([
      ['start_review', 'received', 'under_review', ethicsId, 'accusation_acceptor', null],
      ['close', 'under_review', 'closed', ethicsId, 'accusation_acceptor', 'The officer was warned in writing.'],
    ]);
    expect(accusation.history[1].at).toBe(new Date(now).toISOString());

    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.action, entry.actor_id, entry.actor_role, entry.before.status, entry.after.status])).toEqual([
      ['start_review', ethicsId, 'accusation_acceptor', 'received', 'under_review'],
      ['close', ethicsId, 'accusation_acceptor', 'under_review', 'closed'],
    ]);
    // The words of an outcome stay with the ethics users.
    expect(JSON.stringify(audit)).not.toContain('warned');
  });

  it('refuses every other move with 409 and changes nothing', async () => {
    const received = await filed();
    const reviewed = await filed();
    await expectOk(await update(reviewed.id, { status: 'under_review' }));
    const closed = await filed();
    await expectOk(await update(closed.id, { status: 'under_review' }));
    await expectOk(await update(closed.id, { status: 'closed', outcome: 'Unfounded.' }));

    for (const [accusation, body] of [
      [received, { status: 'closed', outcome: 'Skipping the review.' }],
      [reviewed, { status: 'under_review' }],
      [closed, { status: 'under_review' }],
      [closed, { status: 'closed', outcome: 'Again.' }],
    ] as const) {
      const before = { row: await row(accusation.id), history: await historyCount(accusation.id), audit: (await auditOf(accusation.id)).length };
      await expectError(await update(accusation.id, body), 409, 'accusationMoveNotAllowed');
      expect({ row: await row(accusation.id), history: await historyCount(accusation.id), audit: (await auditOf(accusation.id)).length }).toEqual(before);
    }
    // "received" is where an accusation starts, never a move; anything else is not a state.
    for (const status of ['received', 'reopened']) expect((await update(received.id, { status })).status).toBe(400);
    await expectError(await update(randomUUID(), { status: 'under_review' }), 404, 'notFound');
  });

  it('requires an outcome to close', async () => {
    const { id } = await filed();
    await expectOk(await update(id, { status: 'under_review' }));
    for (const body of [{ status: 'closed' }, { status: 'closed', outcome: '' }, { status: 'closed', outcome: ' \n ' }]) {
      await expectError(await update(id, body), 400, 'accusationOutcomeRequired');
    }
    expect(await row(id)).toMatchObject({ status: 'under_review', outcome: null, closed_at: null });
  });

  it('lets one of two ethics users acting at once win; the other gets 409', async () => {
    const other = await staff('accusation_acceptor', 'Dawit');
    const { id } = await filed();
    await expectOk(await update(id, { status: 'under_review' }));
    const { version } = await read(id);
    // Both closing at the same moment.
    const answers = await Promise.all([
      update(id, { status: 'closed', outcome: 'Mine.', version }),
      update(id, { status: 'closed', outcome: 'Theirs.', version }, other.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await historyCount(id)).toBe(2);
    expect((await auditOf(id)).length).toBe(2);

    // One acting on what they saw before the other's change: the version tells.
    const second = await filed();
    const seen = (await read(second.id)).version;
    await expectOk(await assign(second.id, { assignee: other.id, version: seen }));
    await expectError(await update(second.id, { status: 'under_review', version: seen }, other.token), 409, 'accusationChangedMeanwhile');
    expect(await row(second.id)).toMatchObject({ status: 'received', assigned_to_id: other.id });
  });

  it('assigns to an active ethics user only, never a closed accusation, and keeps who gave it to whom', async () => {
    const colleague = await staff('accusation_acceptor', 'Hana');
    const officer = await staff('officer');
    const { id } = await filed();
    const given = await expectOk(await assign(id, { assignee: colleague.id }));
    expectMessages(given);
    expect(await row(id)).toMatchObject({ status: 'received', assigned_to_id: colleague.id, version: 1 });
    await expectError(await assign(id, { assignee: colleague.id }), 409, 'accusationMoveNotAllowed');
    await expectError(await assign(id, { assignee: officer.id }), 400, 'accusationAssigneeInvalid');
    await expectError(await assign(id, { assignee: randomUUID() }), 400, 'accusationAssigneeInvalid');
    // Starting the review keeps the one it was given to.
    await expectOk(await update(id, { status: 'under_review' }));
    expect((await row(id)).assigned_to_id).toBe(colleague.id);
    await expectOk(await update(id, { status: 'closed', outcome: 'Settled.' }));
    await expectError(await assign(id, { assignee: ethicsId }), 409, 'accusationMoveNotAllowed');

    const { history } = await read(id);
    expect(history[0]).toMatchObject({ action: 'assign', from: 'received', to: 'received', by: { _id: ethicsId }, assignedTo: { _id: colleague.id, firstname: 'Hana' } });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: 'assign', before: { assignedTo: null }, after: { assignedTo: colleague.id } });

    const { users } = await expectOk(await send('GET', '/staff_api/ethics_users', ethics));
    const hana = users.find((user: Json) => user._id === colleague.id);
    expect(hana).toMatchObject({ firstname: 'Hana', open: 0 });
    expect(users.some((user: Json) => user._id === officer.id)).toBe(false);
  });

  it('keeps internal notes in the history and the audit log, in any state, and never changes the state for them', async () => {
    const { id, reference } = await filed();
    const noted = await expectOk(await note(id, 'Called the complainant; she will send the receipt.'));
    expect(noted).toMatchObject({ status: 'received', version: 0 });
    await expectOk(await update(id, { status: 'under_review' }));
    await expectOk(await update(id, { status: 'closed', outcome: 'Refund ordered.' }));
    await expectOk(await note(id, 'Refund paid on Friday.'));
    const { history } = await read(id);
    expect(history.filter((entry: Json) => entry.action === 'note').map((entry: Json) => [entry.from, entry.to, entry.note])).toEqual([
      ['received', 'received', 'Called the complainant; she will send the receipt.'],
      ['closed', 'closed', 'Refund paid on Friday.'],
    ]);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['note', 'start_review', 'close', 'note']);
    expect((await note(id, '   ')).status).toBe(400);
    await expectError(await note(randomUUID(), 'Nowhere.'), 404, 'notFound');
    // The complainant sees none of it.
    expect(JSON.stringify(await expectOk(await lookup(reference)))).not.toMatch(/receipt|Refund|Friday/);
  });

  it('keeps the history as it was written: the database refuses to change or delete an entry', async () => {
    const { id } = await filed();
    await expectOk(await note(id, 'First thoughts.'));
    await expect(server.db.query(`UPDATE accusation_history SET note = 'rewritten' WHERE accusation_id = $1`, [id])).rejects.toThrow(/never changed/);
    await expect(server.db.query('DELETE FROM accusation_history WHERE accusation_id = $1', [id])).rejects.toThrow(/never changed/);
    expect((await read(id)).history[0].note).toBe('First thoughts.');
  });

  it('lists accusations filtered by state, ten a page, with each one’s state and assignee', async () => {
    const mine = await filed('State filter A');
    const theirs = await filed('State filter B');
    await expectOk(await update(mine.id, { status: 'under_review' }));
    await expectOk(await update(theirs.id, { status: 'under_review' }));
    await expectOk(await update(theirs.id, { status: 'closed', outcome: 'Done.' }));
    const counts = Object.fromEntries(
      (await server.db.query<{ status: string; n: number }>('SELECT status, count(*)::integer AS n FROM accusation GROUP BY status')).map((r) => [r.status, r.n]),
    );
    for (const status of ['received', 'under_review', 'closed']) {
      const page = await expectOk(await send('GET', `/staff_api/accusations?status=${status}`, ethics));
      expect(page.total, status).toBe(counts[status]);
      expect(page.accusations.length).toBe(Math.min(10, counts[status]));
      expect(page.accusations.every((accusation: Json) => accusation.status === status)).toBe(true);
    }
    const all = await expectOk(await send('GET', '/staff_api/accusations', ethics));
    expect(all.total).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    const reviewed = await expectOk(await send('GET', '/staff_api/accusations?status=under_review', ethics));
    expect(reviewed.accusations.find((accusation: Json) => accusation._id === mine.id)).toMatchObject({
      subject: 'State filter A', assignedTo: { _id: ethicsId }, closedAt: null,
    });
    expect((await send('GET', '/staff_api/accusations?status=open', ethics)).status).toBe(400);
    // The acceptors' own list keeps answering as before.
    const old = await expectOk(await send('GET', '/accusation_acceptor_api/get_accusations', ethics));
    expect(old.total).toBe(all.total);
  });

  it('answers 401 to every other role, a customer and no token', async () => {
    const { id } = await filed();
    const customer = (await expectOk(await send('POST', '/customer_user_api/login_customer_user', '', DEMO_CUSTOMER))).token;
    const others = [customer, '', (await staff('officer')).token, (await staff('manager')).token, (await staff('admin')).token, (await staff('archivist')).token];
    for (const token of others) {
      for (const [method, path, body] of [
        ['GET', '/staff_api/accusations'],
        ['GET', `/staff_api/accusations/${id}`],
        ['POST', `/staff_api/accusations/${id}/status`, { status: 'under_review' }],
        ['POST', `/staff_api/accusations/${id}/assign`, { assignee: ethicsId }],
        ['POST', `/staff_api/accusations/${id}/notes`, { note: 'Sneaky.' }],
        ['GET', '/staff_api/ethics_users'],
      ] as const) {
        expect((await send(method, path, token, body)).status, `${method} ${path}`).toBe(401);
      }
    }
    expect(await row(id)).toMatchObject({ status: 'received', version: 0 });
    expect(await historyCount(id)).toBe(0);
  });

  it('tells anyone with the reference the state and its dates, nothing filed and nobody named; 404 for an unknown one', async () => {
    const { id, reference } = await filed('Secret subject');
    const filedAt = (await read(id)).createdAt;
    expect(await expectOk(await lookup(reference))).toEqual({ reference, status: 'received', createdAt: filedAt, closedAt: null });
    await expectOk(await update(id, { status: 'under_review' }));
    expect((await expectOk(await lookup(` ${reference.toLowerCase()} `))).status).toBe('under_review');
    now += 3_600_000;
    await expectOk(await update(id, { status: 'closed', outcome: 'Secret outcome' }));
    const answer = await expectOk(await lookup(reference));
    expect(answer).toEqual({ reference, status: 'closed', createdAt: filedAt, closedAt: new Date(now).toISOString() });
    expect(JSON.stringify(answer)).not.toMatch(/Secret|Meseret|911000222|Selamawit|_id/);

    await expectError(await lookup('ACC-2019-999999'), 404, 'accusationNotFound');
    await expectError(await lookup('nonsense'), 404, 'accusationNotFound');
  });

  it('limits look-ups per address and per reference with 429', async () => {
    // The proxy in front names the client, so one test can be many addresses.
    const limited = await startTestServer(database, { sameDatabaseAs: server, lookupLimit: { max: 3, windowMs: 60_000 }, trustProxy: ['127.0.0.1'] });
    const from = (address: string, reference: string) =>
      fetch(`${limited.url}/accusation_acceptor_api/get_accusation_status/${reference}`, { headers: { 'x-forwarded-for': address } });
    try {
      const oneAddress = [];
      for (let n = 0; n < 4; n++) oneAddress.push((await from('198.51.100.1', `ACC-1999-00000${n}`)).status);
      expect(oneAddress).toEqual([404, 404, 404, 429]);
      // One reference tried from many addresses: a guesser with a botnet, stopped by the reference's own counter.
      const oneReference = [];
      for (let n = 0; n < 4; n++) oneReference.push((await from(`203.0.113.${n + 1}`, 'acc-1999-000042')).status);
      expect(oneReference).toEqual([404, 404, 404, 429]);
      expect((await from('203.0.113.99', 'ACC-1999-000043')).status).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('lets the demo acceptor, now an ethics user, act with the acceptors’ own sign-in', async () => {
    const { token } = await expectOk(await send('POST', '/accusation_acceptor_user_api/login_accusation_acceptor', '', DEMO_ACCEPTOR));
    const { id } = await filed();
    await expectOk(await update(id, { status: 'under_review' }, token));
    expect((await read(id, token)).assignedTo.firstname).toBe('Selam');
  });
});
