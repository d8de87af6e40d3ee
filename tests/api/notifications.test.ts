import fs from 'node:fs';
import { addStaff } from '../helpers/staff-fixture.ts';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { LEASE_MS, MAX_ATTEMPTS, RETRY_FIRST_MS, retryDelay } from '../../server/notifications/notifier.ts';
import { readConfig } from '../../server/config.ts';
import { registry } from '../../server/metrics/metrics.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp.ts';
import { logLines } from '../helpers/log-lines.ts';
import { pendingCases } from '../helpers/pending-cases.ts';
import { SMTPServer } from 'smtp-server';

const databases = await testDatabases();
const PASSWORD = 'Staff12345';
const PUBLIC_URL = 'http://portal.test';
// Only the test drains: the timer would race it.
const NEVER = 24 * 60 * 60_000;

/** What the customer reads, by the language they registered in (the catalogs' texts, copied here on purpose). */
const EXPECTED = {
  en: {
    processing: 'We have started processing your case',
    appointment: 'An appointment for your case',
    moved: 'The appointment for your case',
    answered: 'has been responded to',
    rejected: 'has been rejected',
    scheduledDay: 'December 1, 2026',
    movedDay: 'December 3, 2026',
    sms: 'we have started processing your case',
  },
  am: {
    processing: 'ሂደት ተጀምሯል',
    appointment: 'ቀጠሮ ተይዟል',
    moved: 'ቀጠሮ ተዛውሯል',
    answered: 'ምላሽ ተሰጥቷል',
    rejected: 'ውድቅ ተደርጓል',
    // 1 and 3 December 2026 in Addis Ababa, in the Ethiopian calendar.
    scheduledDay: '22 ኅዳር 2019 ዓ.ም.',
    movedDay: '24 ኅዳር 2019 ዓ.ም.',
    sms: 'ሂደት ተጀምሯል',
  },
} as const;
type Language = keyof typeof EXPECTED;

/** A server of the test, on a clock the test moves, with its staff and customers made directly in its database. */
function harness(server: () => TestServer, clock: { now: number }) {
  let passwordHash: string | undefined;
  const post = (url: string, token: string, body?: Json | FormData) =>
    fetch(`${server().url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
  return {
    async staffToken(role: StaffRole, directorate: string): Promise<string> {
      passwordHash ??= await hash(PASSWORD);
      const email = `${role}-${randomUUID()}@portal.test`;
      await addStaff(server().db,
        { email, password_hash: passwordHash, firstname: 'Hana', middlename: '', lastname: 'Girma', role, directorate_id: directorate },
        new Date(clock.now - 1000),
      );
      const answer = await fetch(`${server().url}/staff_api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
      });
      return (await expectOk(answer)).token;
    },
    /** A new customer in `language` who now owns the case: returns their e-mail and phone. */
    async customerOwning(caseId: string, language: Language | 'or' | 'tg') {
      const email = `notice-${language}-${randomUUID()}@example.test`;
      const phone = `+2519${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const [{ id }] = await server().db.query<{ id: string }>(
        `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, language, email_verified_at)
         VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, 'x', $2, 'Female', $3, now()) RETURNING id`,
        [email, phone, language],
      );
      await server().db.query('UPDATE customer_case SET customer_id = $1 WHERE id = $2', [id, caseId]);
      return { email, phone };
    },
    take: (token: string, id: string) => post(`/staff_api/cases/${id}/take`, token),
    schedule: (token: string, id: string, body: Json) => post(`/staff_api/cases/${id}/schedule`, token, body),
    approve: (token: string, id: string) => post(`/staff_api/cases/${id}/approve`, token),
    reject: (token: string, id: string, why: string) => post(`/staff_api/cases/${id}/reject`, token, { rejection_justification: why }),
    respond(token: string, id: string) {
      const form = new FormData();
      form.append('justification', 'The roof will be repaired next week.');
      return post(`/staff_api/cases/${id}/respond`, token, form);
    },
    jobsOf: (caseId: string) =>
      server().db.query<{ channel: string; notice: string; attempts: number; sent_at: Date | null; failed_at: Date | null; last_error: string | null; run_after: Date }>(
        'SELECT channel, notice, attempts, sent_at, failed_at, last_error, run_after FROM notification_job WHERE case_id = $1 ORDER BY id',
        [caseId],
      ),
  };
}

/** The demo's pending cases, each with the directorate whose queue it is in. */

/** Every SMS file an instance wrote, as text. */
const smsFiles = (server: TestServer): string[] => {
  const dir = path.join(server.config.dataDir, 'sms');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
};

describe.each(databases)('notices of a case’s moves on $name', (database) => {
  let receiver: SmtpReceiver;
  let server: TestServer;
  let second: TestServer;
  const clock = { now: Date.parse('2026-11-24T07:30:00Z') };
  const h = harness(() => server, clock);
  let pending: { id: string; case_number: string; directorate: string }[];

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    // The exactly-once test sends 45 SMS to one number in a day: past SMS_DAILY_CAP's default (tests/api/sms-gateway.test.ts tests the cap).
    const options = { smtpUrl: receiver.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now, env: { SMS_DAILY_CAP: '100' } };
    server = await startTestServer(database, options);
    second = await startTestServer(database, { ...options, sameDatabaseAs: server });
    pending = await pendingCases(server.db);
    expect(pending.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await receiver?.close();
  });

  const drain = () => server.app.drainNotifications();
  const onlyMail = async (to: string, subjectPart: string): Promise<ReceivedMail> => {
    const mail = await receiver.waitForMail(to, (m) => m.subject.includes(subjectPart));
    return mail;
  };

  it.each(['en', 'am'] as const)('tells a customer in %s that processing started, of the appointment and its move, and of the answer', async (language) => {
    const kase = pending[language === 'en' ? 0 : 1];
    const link = `${PUBLIC_URL}/dashboard/case/${kase.id}`;
    const expected = EXPECTED[language];
    const { email, phone } = await h.customerOwning(kase.id, language);
    const officer = await h.staffToken('officer', kase.directorate);
    const manager = await h.staffToken('manager', kase.directorate);

    await expectOk(await h.take(officer, kase.id));
    expect(await drain()).toEqual({ sent: 2, failed: 0 });
    const started = await onlyMail(email, expected.processing);
    expect(started.subject).toContain(kase.case_number);
    expect(started.text).toContain(link);
    const sms = smsFiles(server).find((file) => file.includes(kase.case_number));
    expect(sms).toContain(`To: ${phone}`);
    expect(sms).toContain(expected.sms);

    await expectOk(await h.schedule(officer, kase.id, { scheduled_date: '2026-12-01' }));
    await expectOk(await h.schedule(officer, kase.id, { extended_date: '2026-12-03T10:00:00+03:00' }));
    expect(await drain()).toEqual({ sent: 4, failed: 0 });
    expect((await onlyMail(email, expected.appointment)).text).toContain(expected.scheduledDay);
    expect((await onlyMail(email, expected.moved)).text).toContain(expected.movedDay);

    // The response is internal until a manager approves it: the customer hears of nothing.
    // (The directorate's managers get their own alert mails: tests/api/staff-alerts.test.ts.)
    await expectOk(await h.respond(officer, kase.id));
    await drain();
    expect(receiver.mails.filter((mail) => mail.to === email)).toHaveLength(3);
    await expectOk(await h.approve(manager, kase.id));
    expect(await drain()).toEqual({ sent: 2, failed: 0 });
    const answered = await onlyMail(email, expected.answered);
    expect(answered.subject).toContain(kase.case_number);
    expect(answered.text).toContain(link);

    // Four notices, each once, by mail and by SMS; nothing left to send.
    expect(receiver.mails.filter((mail) => mail.to === email)).toHaveLength(4);
    expect(smsFiles(server).filter((file) => file.includes(phone))).toHaveLength(4);
    expect((await h.jobsOf(kase.id)).map((job) => [job.notice, job.channel, job.attempts, job.sent_at !== null])).toEqual(
      ['processing_started', 'appointment_set', 'appointment_moved', 'answered'].flatMap((notice) => [[notice, 'mail', 1, true], [notice, 'sms', 1, true]]),
    );
    expect(await drain()).toEqual({ sent: 0, failed: 0 });
  });

  it.each(['en', 'am'] as const)('tells a customer in %s that the case was rejected, and why', async (language) => {
    const kase = pending[language === 'en' ? 2 : 3];
    const { email } = await h.customerOwning(kase.id, language);
    const officer = await h.staffToken('officer', kase.directorate);
    await expectOk(await h.reject(officer, kase.id, 'The house is not the corporation’s.'));
    await drain();
    const rejected = await onlyMail(email, EXPECTED[language].rejected);
    expect(rejected.subject).toContain(kase.case_number);
    expect(rejected.text).toContain('The house is not the corporation’s.');
    expect(rejected.text).toContain(`${PUBLIC_URL}/dashboard/case/${kase.id}`);
  });

  it('queues nothing for a move that is refused', async () => {
    const kase = pending[3];
    const before = await h.jobsOf(kase.id);
    const officer = await h.staffToken('officer', kase.directorate);
    expect((await h.take(officer, kase.id)).status).toBe(409);
    expect(await h.jobsOf(kase.id)).toEqual(before);
  });

  it('sends each notice exactly once when two instances drain at the same moment', async () => {
    const cases = await server.db.query<{ id: string }>('SELECT id FROM customer_case ORDER BY created_at LIMIT 1');
    const { email } = await h.customerOwning(cases[0].id, 'en');
    const [{ customer_id }] = await server.db.query<{ customer_id: string }>('SELECT customer_id FROM customer_case WHERE id = $1', [cases[0].id]);
    // Enough for several claims each: the drainers take turns through the queue.
    const numbers = Array.from({ length: 45 }, (_, i) => `TEST-2019-${String(i).padStart(6, '0')}`);
    await server.db.query(
      `INSERT INTO notification_job (channel, notice, case_id, customer_id, payload, run_after)
       SELECT channel, 'processing_started', $1, $2, jsonb_build_object('caseNumber', n), $3
       FROM unnest($4::text[]) AS n CROSS JOIN unnest(ARRAY['mail', 'sms']) AS channel`,
      [cases[0].id, customer_id, new Date(clock.now), numbers],
    );
    const smsBefore = smsFiles(server).length + smsFiles(second).length;
    const results = await Promise.all([server.app.drainNotifications(), second.app.drainNotifications(), server.app.drainNotifications()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(90);
    expect(results.every((result) => result.failed === 0)).toBe(true);
    // They did drain side by side: more than one of them sent some.
    expect(results.filter((result) => result.sent > 0).length).toBeGreaterThan(1);

    const mails = receiver.mails.filter((mail) => mail.to === email);
    expect(mails).toHaveLength(45);
    expect(new Set(mails.map((mail) => mail.subject)).size).toBe(45);
    expect(smsFiles(server).length + smsFiles(second).length - smsBefore).toBe(45);
    const [{ open }] = await server.db.query<{ open: number }>('SELECT count(*)::int AS open FROM notification_job WHERE sent_at IS NULL');
    expect(open).toBe(0);
  });
});

describe.each(databases)('notices while the mail relay is down on $name', (database) => {
  let server: TestServer;
  let receiver: SmtpReceiver | undefined;
  let relayPort: number;
  const clock = { now: Date.parse('2026-11-24T07:30:00Z') };
  const h = harness(() => server, clock);
  let pending: { id: string; case_number: string; directorate: string }[];
  const log = logLines('info');

  beforeAll(async () => {
    // A port where a relay was and is no more: connections are refused until it comes back.
    const gone = await startSmtpReceiver();
    relayPort = Number(new URL(gone.url).port);
    await gone.close();
    server = await startTestServer(database, {
      smtpUrl: `smtp://127.0.0.1:${relayPort}`, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now, logger: log.logger,
    });
    pending = await pendingCases(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('answers the staff action, retries the mail with backoff and sends it once the relay is back', async () => {
    const kase = pending[0];
    const { email } = await h.customerOwning(kase.id, 'en');
    const officer = await h.staffToken('officer', kase.directorate);
    expect((await h.take(officer, kase.id)).status).toBe(200);

    // The SMS goes out; the mail fails and waits for its retry.
    expect(await server.app.drainNotifications()).toEqual({ sent: 1, failed: 1 });
    const [mailJob] = (await h.jobsOf(kase.id)).filter((job) => job.channel === 'mail');
    expect(mailJob).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(mailJob.last_error).toBeTruthy();
    expect(new Date(mailJob.run_after).getTime()).toBe(clock.now + RETRY_FIRST_MS);
    expect(await server.app.drainNotifications()).toEqual({ sent: 0, failed: 0 });

    receiver = await startSmtpReceiver(relayPort);
    clock.now += RETRY_FIRST_MS;
    expect(await server.app.drainNotifications()).toEqual({ sent: 1, failed: 0 });
    expect((await receiver.waitForMail(email)).subject).toContain(kase.case_number);
    expect(await server.app.drainNotifications()).toEqual({ sent: 0, failed: 0 });
    expect(receiver.mails.filter((mail) => mail.to === email)).toHaveLength(1);
    const [sent] = (await h.jobsOf(kase.id)).filter((job) => job.channel === 'mail');
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(sent.sent_at).not.toBeNull();
    await receiver.close();
    receiver = undefined;
  });

  it(`gives a notice up after ${MAX_ATTEMPTS} attempts and keeps it as failed`, async () => {
    const kase = pending[1];
    await h.customerOwning(kase.id, 'am');
    const officer = await h.staffToken('officer', kase.directorate);
    expect((await h.take(officer, kase.id)).status).toBe(200);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await server.app.drainNotifications();
      expect(result.failed, `attempt ${attempt}`).toBe(1);
      // Not due again before its backoff has passed.
      expect((await server.app.drainNotifications()).failed).toBe(0);
      clock.now += retryDelay(attempt);
    }
    const [mailJob] = (await h.jobsOf(kase.id)).filter((job) => job.channel === 'mail');
    expect(mailJob).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null });
    expect(mailJob.failed_at).not.toBeNull();
    expect(await server.app.drainNotifications()).toEqual({ sent: 0, failed: 0 });
    // An operator sees it on the metrics port.
    expect(await registry.getSingleMetricAsString('portal_notification_jobs_unsent')).toContain('portal_notification_jobs_unsent{state="failed"} 1');
    expect(await registry.getSingleMetricAsString('portal_notification_failures_total')).toMatch(/given_up="true"\} [1-9]/);
  });

  it('takes over a job whose drainer died while sending, once its lease has expired', async () => {
    const kase = pending[2];
    await h.customerOwning(kase.id, 'en');
    const officer = await h.staffToken('officer', kase.directorate);
    expect((await h.take(officer, kase.id)).status).toBe(200);
    // Another instance leased both jobs and stopped before marking them.
    await server.db.query('UPDATE notification_job SET lease = $2, leased_until = $3, attempts = 1 WHERE case_id = $1', [
      kase.id, randomUUID(), new Date(clock.now + LEASE_MS),
    ]);
    expect(await server.app.drainNotifications()).toEqual({ sent: 0, failed: 0 });
    clock.now += LEASE_MS;
    // The relay is down again: the mail fails, the SMS is sent; both were taken over.
    expect(await server.app.drainNotifications()).toEqual({ sent: 1, failed: 1 });
    expect((await h.jobsOf(kase.id)).map((job) => job.attempts)).toEqual([2, 2]);
  });

  it('keeps the address out of the log and the stored error when the relay refuses the recipient', async () => {
    const refusing = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onRcptTo: (address, _session, callback) => callback(new Error(`no mailbox for ${address.address}`)),
    });
    await new Promise<void>((resolve) => refusing.listen(relayPort, '127.0.0.1', resolve));
    try {
      const kase = pending[3];
      const { email } = await h.customerOwning(kase.id, 'en');
      await expectOk(await h.take(await h.staffToken('officer', kase.directorate), kase.id));
      expect(await server.app.drainNotifications()).toMatchObject({ failed: 1 });
      const [mailJob] = (await h.jobsOf(kase.id)).filter((job) => job.channel === 'mail');
      expect(mailJob.last_error).toContain('no mailbox for [recipient]');
      const warning = log.lines.find((line) => line.msg.includes('no mailbox for'));
      expect(warning?.msg).toContain('[recipient]');
      expect(JSON.stringify(log.lines)).not.toContain(email);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe.each(databases)('notices without SMS on $name', (database) => {
  let server: TestServer;
  const clock = { now: Date.parse('2026-11-24T07:30:00Z') };
  const h = harness(() => server, clock);

  beforeAll(async () => {
    // This one drains on its own timer, as a running portal does.
    server = await startTestServer(database, { smsProvider: 'none', notifyPollMs: 100, clock: () => clock.now });
  });
  afterAll(() => server?.close());

  it('queues and sends the mail only with SMS_PROVIDER=none, on the timer; an unknown provider refuses the start', async () => {
    const [kase] = await pendingCases(server.db);
    await h.customerOwning(kase.id, 'or');
    await expectOk(await h.take(await h.staffToken('officer', kase.directorate), kase.id));
    await expect.poll(async () => (await h.jobsOf(kase.id)).map((job) => [job.channel, job.sent_at !== null]), { timeout: 5_000 }).toEqual([['mail', true]]);
    expect(smsFiles(server)).toEqual([]);
    // Without SMTP the mail is written to DATA_DIR/mail/, in Oromo.
    const mails = fs.readdirSync(path.join(server.config.dataDir, 'mail')).map((name) => fs.readFileSync(path.join(server.config.dataDir, 'mail', name), 'utf8'));
    expect(mails.find((mail) => mail.includes(kase.case_number))).toContain('adeemsisuu jalqabneerra');
    expect(() => readConfig({ SMS_PROVIDER: 'gateway' })).toThrow(/SMS_PROVIDER must be file, http or none/);
  });

  it('tells of a manager’s assignment of a pending case as processing started, and of no reassignment', async () => {
    const [, kase] = await pendingCases(server.db);
    await h.customerOwning(kase.id, 'tg');
    const manager = await h.staffToken('manager', kase.directorate);
    const officerId = async () => JSON.parse(Buffer.from((await h.staffToken('officer', kase.directorate)).split('.')[1], 'base64url').toString()).id;
    const assign = async () =>
      fetch(`${server.url}/staff_api/cases/${kase.id}/assign`, {
        method: 'POST', headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' }, body: JSON.stringify({ officer: await officerId() }),
      });
    await expectOk(await assign());
    await expectOk(await assign());
    await expect.poll(async () => (await h.jobsOf(kase.id)).map((job) => [job.notice, job.sent_at !== null]), { timeout: 5_000 }).toEqual([['processing_started', true]]);
    const mails = fs.readdirSync(path.join(server.config.dataDir, 'mail')).map((name) => fs.readFileSync(path.join(server.config.dataDir, 'mail', name), 'utf8'));
    expect(mails.find((mail) => mail.includes(kase.case_number))).toContain('መስርሕ ጉዳይኩም');
  });
});
