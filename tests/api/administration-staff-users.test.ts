import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Admin-Pass-2026';
const PUBLIC_URL = 'https://portal.example.test';

/** Staff administration (issue 16): adding, editing and deactivating staff, their set-password link, and the last admin. */
describe.each(databases)('staff users, administered, on $name', (database) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let now = Date.parse('2026-11-23T09:00:00Z');
  let adminToken: string;
  let adminId: string;
  let directorateId: string;
  let teamId: string;
  let otherTeamId: string;
  const email = (tag: string) => `${tag}-${database.name}@staff.test`;

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en' },
      body: body ? JSON.stringify(body) : undefined,
    });
  const save = (body: Json, token = adminToken) => call('POST', '/staff_api/admin/staff', token, body);
  const list = async (): Promise<Json[]> => (await expectOk(await call('GET', '/staff_api/admin/staff', adminToken))).staff;
  const login = (address: string, password = PASSWORD) => call('POST', '/staff_api/login', undefined, { email: address, password });
  const tokenOf = (address: string, password = PASSWORD) => staffSignIn(server.url, { email: address, password }, { clock: () => now });
  const staffCount = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_user'))[0].n;
  const auditOf = (subjectId: string) =>
    server.db.query<Json>('SELECT action, actor_id, before, after FROM audit_entry WHERE subject_id = $1 ORDER BY id', [subjectId]);
  /** The link of the newest set-password mail to `address`, as its path and parts. */
  async function passwordLink(address: string) {
    const mail = await smtp.waitForMail(address, (m) => m.subject.includes('Set your password'));
    const match = new RegExp(`${PUBLIC_URL}/staff/set-password/([0-9a-f-]{36})/([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return { id: match![1], token: match![2], mail };
  }
  /** One staff user as the admin list shows them, read with that admin's token. */
  const listedBy = async (token: string, id: string): Promise<Json> =>
    (await expectOk(await call('GET', '/staff_api/admin/staff', token))).staff.find((staff: Json) => staff.id === id);
  const setPassword = (id: string, token: string, password: string) => call('PUT', `/staff_api/set_password/${id}/${token}`, undefined, { password });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer(database, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, clock: () => now });
    [{ directorate_id: directorateId, id: teamId }] = await server.db.query<{ directorate_id: string; id: string }>(
      `SELECT directorate_id, id FROM team WHERE status = 'active' ORDER BY created_at, id LIMIT 1`,
    );
    [{ id: otherTeamId }] = await server.db.query<{ id: string }>(`SELECT id FROM team WHERE directorate_id <> $1 LIMIT 1`, [directorateId]);
    adminId = await addStaff(server.db, {
      email: email('admin'), password_hash: await hash(PASSWORD), firstname: 'Almaz', middlename: '', lastname: 'Bekele', role: 'admin',
    });
    adminToken = await tokenOf(email('admin'));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('lets only an admin list or save staff users', async () => {
    await expectError(await call('GET', '/staff_api/admin/staff'), 401, 'unauthorized');
    for (const role of ['officer', 'manager', 'accusation_acceptor', 'archivist'] as StaffRole[]) {
      const inDirectorate = role === 'officer' || role === 'manager';
      await addStaff(server.db, {
        email: email(`not-admin-${role}`), password_hash: await hash(PASSWORD), firstname: 'Kebede', middlename: '', lastname: 'Alemu', role,
        directorate_id: inDirectorate ? directorateId : null,
      });
      const token = await tokenOf(email(`not-admin-${role}`));
      await expectError(await call('GET', '/staff_api/admin/staff', token), 401, 'sessionInvalid');
      await expectError(await save({ email: email('never'), firstname: 'A', lastname: 'B', role: 'admin' }, token), 401, 'sessionInvalid');
    }
    expect(await server.db.query('SELECT 1 FROM staff_user WHERE email = $1', [email('never')])).toEqual([]);
  });

  it('adds an officer who gets a set-password link by mail, sets a password with it once, and signs in', async () => {
    const body = await expectOk(
      await save({ email: email('new-officer').toUpperCase(), firstname: ' Selam ', lastname: 'Tesfaye', role: 'officer', directorate_id: directorateId, team_id: teamId }),
    );
    expectMessages(body);
    expect(body.Message_en).toMatch(/link to set a password was sent/);
    expect(body.password_link_sent).toBe(true);
    expect(body.staff).toMatchObject({
      email: email('new-officer'), firstname: 'Selam', middlename: '', lastname: 'Tesfaye', role: 'officer', status: 'active',
      directorate_id: directorateId, team_id: teamId, password_set: false, last_sign_in_at: null,
    });
    const { id, token, mail } = await passwordLink(email('new-officer'));
    expect(id).toBe(body.staff.id);
    expect(mail.text).toContain('Hello Selam');
    expect(mail.text).toContain(`${PUBLIC_URL}/staff/login`);
    // No password yet: no sign-in.
    await expectError(await login(email('new-officer'), 'Officer123'), 401, 'loginFailed');

    await expectError(await setPassword(id, token, 'short1'), 400, 'passwordWeak');
    await expectError(await setPassword(id, `${token}x`, 'Officer123'), 400, 'staffPasswordLinkInvalid');
    await expectError(await setPassword(randomUUID(), token, 'Officer123'), 400, 'staffPasswordLinkInvalid');
    expectMessages(await expectOk(await setPassword(id, token, 'Officer123')));
    await expectError(await setPassword(id, token, 'Another123'), 400, 'staffPasswordLinkInvalid');

    now += 60_000;
    await tokenOf(email('new-officer'), 'Officer123');
    const listed = (await list()).find((staff) => staff.id === id)!;
    expect(listed).toMatchObject({ password_set: true, last_sign_in_at: new Date(now).toISOString() });
    expect((await auditOf(id)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['create_staff', adminId],
      // Tried before the password was set: a failed log-in, under the account's id.
      ['sign_in_failed', id],
      ['set_password', id],
      ['sign_in', id],
    ]);
  });

  it('mails the link in the language the admin reads, and a newer link replaces the older', async () => {
    const { staff } = await expectOk(await save({ email: email('archivist'), firstname: 'Tigist', lastname: 'Haile', role: 'archivist' }));
    const first = await passwordLink(email('archivist'));
    const again = await fetch(`${server.url}/staff_api/admin/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}`, 'accept-language': 'am' },
      body: JSON.stringify({ ...staff, send_password_link: true }),
    });
    expect((await expectOk(again)).password_link_sent).toBe(true);
    const second = await smtp.waitForMail(email('archivist'));
    expect(second.subject).toMatch(/[\u1200-\u137F]/);
    const token = /set-password\/[0-9a-f-]{36}\/([A-Za-z0-9_-]+)/.exec(second.text)![1];
    await expectError(await setPassword(staff.id, first.token, 'Archive123'), 400, 'staffPasswordLinkInvalid');
    await expectOk(await setPassword(staff.id, token, 'Archive123'));
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 400, 'emailInvalid'],
    ['a blank first name', { firstname: '   ' }, 400, 'fieldRequired'],
    ['a blank last name', { lastname: '' }, 400, 'fieldRequired'],
    ['a first name over 50 characters', { firstname: 'x'.repeat(51) }, 400, 'firstnameTooLong'],
    ['a middle name over 50 characters', { middlename: 'x'.repeat(51) }, 400, 'middlenameTooLong'],
    ['a last name over 50 characters', { lastname: 'x'.repeat(51) }, 400, 'lastnameTooLong'],
    ['an unknown role', { role: 'superuser' }, 400, 'invalidRequest'],
    ['an officer without a directorate', { directorate_id: null, team_id: null }, 400, 'staffDirectorateRequired'],
    ['a manager without a directorate', { role: 'manager', directorate_id: null, team_id: null }, 400, 'staffDirectorateRequired'],
    ['a manager in a team', { role: 'manager' }, 400, 'staffPlacementNotForRole'],
    ['an ethics user in a directorate', { role: 'accusation_acceptor', team_id: null }, 400, 'staffPlacementNotForRole'],
    ['an unknown directorate', { directorate_id: randomUUID(), team_id: null }, 400, 'staffDirectorateUnknown'],
    ['a team of another directorate', { team: 'other' }, 400, 'staffTeamOutsideDirectorate'],
    ['an e-mail another staff user has', { email: 'ADMIN' }, 409, 'staffEmailTaken'],
    ['an id nobody has', { id: randomUUID() }, 404, 'notFound'],
  ] as const)('refuses %s and saves nothing', async (_name, change, status, code) => {
    const draft: Json = { email: email('refused'), firstname: 'Dawit', lastname: 'Mekonnen', role: 'officer', directorate_id: directorateId, team_id: teamId, ...change };
    if ('team' in draft) draft.team_id = otherTeamId;
    if (draft.email === 'ADMIN') draft.email = email('admin').toUpperCase();
    const before = await staffCount();
    const audited = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0].n;
    await expectError(await save(draft), status, code);
    expect(await staffCount()).toBe(before);
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0].n).toBe(audited);
  });

  it('edits a staff user and keeps what changed in the audit log, before and after, by codes and ids only', async () => {
    const { staff } = await expectOk(await save({ email: email('editable'), firstname: 'Hana', lastname: 'Girma', role: 'officer', directorate_id: directorateId }));
    const body = await expectOk(await save({ ...staff, email: email('edited'), lastname: 'Girmaye', team_id: teamId }));
    expect(body.Message_en).toBe('The staff user was saved.');
    expect(body.password_link_sent).toBe(false);
    expect(body.staff).toMatchObject({ lastname: 'Girmaye', team_id: teamId });
    const [created, edit] = await auditOf(staff.id);
    expect(edit).toEqual({
      action: 'save_staff', actor_id: adminId,
      before: { team_id: null, role: 'officer', status: 'active', directorate_id: directorateId },
      after: { team_id: teamId, role: 'officer', status: 'active', directorate_id: directorateId, names_changed: true, email_changed: true },
    });
    // Issue 23: whether the names or the e-mail changed, never them; the staff list names the person.
    for (const word of ['Hana', 'Girma', 'editable', 'edited']) expect(JSON.stringify([created, edit])).not.toContain(word);
  });

  it('ends every session of a deactivated staff user, and a reactivation does not revive them', async () => {
    const { staff } = await expectOk(await save({ email: email('leaving'), firstname: 'Yonas', lastname: 'Abebe', role: 'admin' }));
    const { token } = await passwordLink(email('leaving'));
    await expectOk(await setPassword(staff.id, token, PASSWORD));
    const session = await tokenOf(email('leaving'));
    expect((await call('GET', '/staff_api/admin/staff', session)).status).toBe(200);

    now += 1000;
    await expectOk(await save({ ...staff, status: 'inactive' }));
    await expectError(await call('GET', '/staff_api/admin/staff', session), 401, 'sessionInvalid');
    await expectError(await login(email('leaving')), 401, 'loginFailed');
    now += 1000;
    await expectOk(await save({ ...staff, status: 'active' }));
    await expectError(await call('GET', '/staff_api/admin/staff', session), 401, 'sessionInvalid');
    const saves = (await auditOf(staff.id)).filter((entry) => entry.action === 'save_staff');
    expect(saves.at(-2)).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
  });

  it('never lets the last active admin be deactivated or given another role', async () => {
    // Every other admin goes first, so the one the test signed in with is the last.
    for (const other of (await list()).filter((staff) => staff.role === 'admin' && staff.status === 'active' && staff.id !== adminId)) {
      await expectOk(await save({ ...other, status: 'inactive' }));
    }
    const me = (await list()).find((staff) => staff.id === adminId)!;
    await expectError(await save({ ...me, status: 'inactive' }), 409, 'lastAdmin');
    await expectError(await save({ ...me, role: 'archivist' }), 409, 'lastAdmin');
    expect((await list()).find((staff) => staff.id === adminId)).toMatchObject({ role: 'admin', status: 'active' });

    const { staff: second } = await expectOk(await save({ email: email('second-admin'), firstname: 'Meron', lastname: 'Tadesse', role: 'admin' }));
    await expectOk(await save({ ...me, role: 'archivist' }));
    // Demoted: the token said admin, so it no longer holds; the second admin is now the last.
    await expectError(await call('GET', '/staff_api/admin/staff', adminToken), 401, 'sessionInvalid');
    const { token } = await passwordLink(email('second-admin'));
    await expectOk(await setPassword(second.id, token, PASSWORD));
    adminToken = await tokenOf(email('second-admin'));
    await expectError(await save({ ...second, status: 'inactive' }), 409, 'lastAdmin');
    await expectOk(await save({ ...me, role: 'admin' }));
  });

  it('shows every one of these actions in the audit log, which refuses to be changed or deleted', async () => {
    const page = await expectOk(await call('GET', `/staff_api/audit?actor=${adminId}`, adminToken));
    expect(page.entries.length).toBeGreaterThan(5);
    expect(new Set(page.entries.map((entry: Json) => entry.actor_id))).toEqual(new Set([adminId]));
    expect(page.entries[0].actor_name).toBe('Almaz Bekele');
    const actions = new Set((await server.db.query<{ action: string }>('SELECT DISTINCT action FROM audit_entry WHERE subject_type = $1', ['staff'])).map((r) => r.action));
    expect(actions).toEqual(new Set(['create_staff', 'save_staff', 'set_password', 'sign_in', 'sign_in_failed', 'enrol_two_factor']));
    await expect(server.db.query(`UPDATE audit_entry SET action = 'nothing' WHERE subject_type = 'staff'`)).rejects.toThrow(/never changed or deleted/);
    await expect(server.db.query(`DELETE FROM audit_entry WHERE subject_type = 'staff'`)).rejects.toThrow(/never changed or deleted/);
    expect(actions.size).toBe(6);
  });

  // Last: it leaves a single admin.
  it('keeps one admin when the last two demote each other at the same moment', async () => {
    const ids: string[] = [];
    const tokens: string[] = [];
    for (const tag of ['race-one', 'race-two']) {
      ids.push(await addStaff(server.db, { email: email(tag), password_hash: await hash(PASSWORD), firstname: 'Abel', middlename: '', lastname: tag, role: 'admin' }));
      tokens.push(await tokenOf(email(tag)));
    }
    await server.db.query(`UPDATE staff_user SET status = 'inactive' WHERE role = 'admin' AND NOT (id = ANY ($1::uuid[]))`, [ids]);
    const [one, two] = await Promise.all(ids.map(async (id) => (await listedBy(tokens[0], id))));
    const answers = await Promise.all([save({ ...two, status: 'inactive' }, tokens[0]), save({ ...one, status: 'inactive' }, tokens[1])]);
    const statuses = answers.map((answer) => answer.status);
    // One wins; the other is refused as the last admin, or finds its own session already ended.
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409 || status === 401)).toHaveLength(1);
    const [{ n }] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_user WHERE role = 'admin' AND status = 'active'`);
    expect(n).toBe(1);
  });
});
