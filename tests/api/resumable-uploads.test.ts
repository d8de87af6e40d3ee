import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type Role } from '../../server/auth/tokens.ts';
import { ATTACHMENT_MAX_BYTES } from '../../server/contract/constants.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { storedFile } from '../helpers/stored-files.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { expectError, expectOk, ETHIOPIC, type Json } from '../helpers/expect-api.ts';
import { randomUUID } from 'node:crypto';

const databases = await testDatabases();
const DAY = 24 * 60 * 60_000;
const TUS = { 'tus-resumable': '1.0.0' };

/** A PDF of `bytes` bytes: a real small PDF, then padding in a trailing comment. */
function pdfOf(bytes: number): Buffer {
  const pdf = tinyPdf('Resumable upload');
  return Buffer.concat([pdf, Buffer.from('%'), randomBytes(Math.max(0, bytes - pdf.length - 2)), Buffer.from('\n')]).subarray(0, bytes);
}

/**
 * Issue 27, the server half of "uploads that resume": tus 1.0.0 at /uploads/ (creation,
 * termination, expiration), the PDF check once finished, the size cap, one submission per
 * upload, the four calls taking `attachment_upload`, the 7-day sweep by a moved clock and the
 * per-address limit; on PostgreSQL two instances sharing the upload's state and its lock.
 */
const clock = { now: nextTuesdayAt('07:30') };
// One server per database for the whole file (the two-instance block adds a second beside it).
const sharedServer = fileServer({
  clock: () => clock.now,
  submissionLimit: { max: 5, windowMs: 60 * 60_000 },
  // Each upload below comes from an address of its own, but the limit's test's.
  trustProxy: ['127.0.0.1'],
});

describe.each(databases)('resumable uploads on $name', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await sharedServer(database);
  });

  const url = (where: string) => new URL(where, server.url).href;

  async function create(size: number, at: TestServer = server, headers: Record<string, string> = {}) {
    const address = `10.${randomBytes(3).join('.')}`;
    return fetch(`${at.url}/uploads/`, { method: 'POST', headers: { ...TUS, 'upload-length': String(size), 'x-forwarded-for': address, ...headers } });
  }
  async function createdId(size: number) {
    const response = await create(size);
    expect(response.status).toBe(201);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/uploads\/[0-9a-f]{32}$/);
    return location.split('/').pop()!;
  }
  const patch = (id: string, offset: number, body: Buffer, at: TestServer = server) =>
    fetch(`${at.url}/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(body),
    });
  const head = (id: string, at: TestServer = server) => fetch(`${at.url}/uploads/${id}`, { method: 'HEAD', headers: TUS });
  async function finishedUpload(file: Buffer) {
    const id = await createdId(file.length);
    const response = await patch(id, 0, file);
    expect(response.status).toBe(204);
    return id;
  }

  it('makes an upload, takes its bytes in pieces, says where it stands and removes it (tus 1.0.0)', async () => {
    const options = await fetch(url('/uploads/'), { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')!.split(',')).toEqual(expect.arrayContaining(['creation', 'termination', 'expiration']));
    expect(Number(options.headers.get('tus-max-size'))).toBe(ATTACHMENT_MAX_BYTES);
    // Same origin only: no CORS header for anyone.
    expect(options.headers.get('access-control-allow-origin')).toBeNull();

    // Without Tus-Resumable: refused.
    expect((await fetch(url('/uploads/'), { method: 'POST', headers: { 'upload-length': '10' } })).status).toBe(412);

    const file = pdfOf(300_000);
    const id = await createdId(file.length);
    const status = await head(id);
    expect(status.status).toBe(200);
    expect(status.headers.get('upload-offset')).toBe('0');
    expect(status.headers.get('upload-length')).toBe(String(file.length));
    expect(status.headers.get('tus-resumable')).toBe('1.0.0');

    const first = await patch(id, 0, file.subarray(0, 100_000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('100000');
    // Expiration: the moment it will be removed, 7 days after it was made (by the server's clock).
    expect(Date.parse(first.headers.get('upload-expires')!)).toBe(Math.floor((clock.now + 7 * DAY) / 1000) * 1000);
    // A PATCH from the wrong offset changes nothing.
    expect((await patch(id, 0, file.subarray(0, 10))).status).toBe(409);
    expect((await head(id)).headers.get('upload-offset')).toBe('100000');

    const rest = await patch(id, 100_000, file.subarray(100_000));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(file.length));

    const removed = await fetch(url(`/uploads/${id}`), { method: 'DELETE', headers: TUS });
    expect(removed.status).toBe(204);
    expect((await head(id)).status).toBe(404);
    expect(await server.db.query('SELECT id FROM resumable_upload WHERE id = $1', [id])).toEqual([]);

    // An id that is not one of ours is not found; nobody reads an upload back.
    expect((await head('0123456789abcdef0123456789abcdef')).status).toBe(404);
    expect((await fetch(url(`/uploads/${id}`))).status).toBe(404);
  });

  it('resumes after a PATCH cut off mid-body: the bytes that arrived are kept, the rest follows from there', async () => {
    const file = pdfOf(700_000);
    const id = await createdId(file.length);
    const sent = 400_000;
    // A PATCH announcing the whole file whose connection drops after `sent` bytes.
    await new Promise<void>((resolve) => {
      const request = http.request(url(`/uploads/${id}`), {
        method: 'PATCH',
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(file.length) },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(file.subarray(0, sent), () => setImmediate(() => request.destroy()));
    });
    // The server keeps what it received before the cut (it may take a moment to notice the cut).
    let offset = 0;
    for (let tries = 0; tries < 300 && offset < sent; tries++) {
      offset = Number((await head(id)).headers.get('upload-offset'));
      if (offset < sent) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(offset).toBe(sent);
    const rest = await patch(id, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(file.length));
  });

  it('checks the PDF once the last byte is in: anything else is refused and removed; the size is capped at the attachments\' 10 MB', async () => {
    const notPdf = Buffer.concat([Buffer.from('GIF89a'), randomBytes(5_000)]);
    const id = await createdId(notPdf.length);
    const refused = await patch(id, 0, notPdf);
    expect(refused.status).toBe(415);
    expect(JSON.parse(await refused.text()).Message_en).toBe('The attachment must be a PDF file.');
    expect((await head(id)).status).toBe(404);
    expect(await server.db.query('SELECT id FROM resumable_upload WHERE id = $1', [id])).toEqual([]);
    if (server.db.kind === 'postgres') expect(await server.db.query('SELECT upload_id FROM resumable_upload_chunk WHERE upload_id = $1', [id])).toEqual([]);
    else expect(fs.existsSync(path.join(server.config.dataDir, 'uploads', id))).toBe(false);

    expect((await create(ATTACHMENT_MAX_BYTES + 1)).status).toBe(413);
    // The largest allowed, in one PATCH (beyond Fastify's 1 MB body limit for parsed bodies).
    const largest = pdfOf(ATTACHMENT_MAX_BYTES);
    const whole = await createdId(largest.length);
    const sent = await patch(whole, 0, largest);
    expect(sent.status).toBe(204);
    expect(sent.headers.get('upload-offset')).toBe(String(ATTACHMENT_MAX_BYTES));
    // More bytes than the upload declared are refused, and nothing past its length is kept.
    const small = await createdId(1_000);
    expect((await patch(small, 0, pdfOf(2_000))).status).toBe(413);
    expect(Number((await head(small)).headers.get('upload-offset'))).toBeLessThanOrEqual(1_000);
  });

  describe('a finished upload as a submission\'s attachment', () => {
    const TOKEN_TTL = 3600;
    let officer: { id: string; role: Role };
    let customer: { id: string; role: Role };
    let directorate: string;
    const tokenOf = async (who: { id: string; role: Role }) =>
      createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret)).sign(who.id, who.role, TOKEN_TTL, clock.now).token;
    async function post(path: string, fields: Record<string, string>, who?: { id: string; role: Role }, key?: string, pdf?: Buffer) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (pdf) form.append('attachment', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'letter.pdf');
      // Each from an address of its own: the accusations' per-address limit is this server's small one.
      const headers: Record<string, string> = { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
      if (who) headers.authorization = `Bearer ${await tokenOf(who)}`;
      if (key) headers['idempotency-key'] = key;
      return fetch(`${server.url}${path}`, { method: 'POST', body: form, headers });
    }
    const accuse = (fields: Record<string, string>, key?: string, pdf?: Buffer) =>
      post('/accusation_acceptor_api/create_accusation', { subject: 'Resumable', description: 'Sent over a link that drops.', ...fields }, undefined, key, pdf);
    const storedAccusation = async (reference: string) =>
      (await server.db.query<{ attachment: string | null }>('SELECT attachment FROM accusation WHERE reference = $1', [reference]))[0];
    async function ongoingCase() {
      const [{ id }] = await server.db.query<{ id: string }>(
        `UPDATE customer_case SET status = 'ongoing', customer_id = $1, assigned_to_id = $2, directorate_id = $3, version = version + 1,
           verified_date = NULL, rejected_date = NULL, rejected_by_id = NULL, rejection_justification = NULL
         WHERE id = (SELECT id FROM customer_case WHERE status <> 'ongoing' OR assigned_to_id IS DISTINCT FROM $2 ORDER BY created_at, id LIMIT 1) RETURNING id`,
        [customer.id, officer.id, directorate],
      );
      return id;
    }

    beforeAll(async () => {
      [{ id: directorate }] = await server.db.query<{ id: string }>("SELECT id FROM directorate WHERE status = 'active' ORDER BY created_at, id LIMIT 1");
      officer = {
        id: await addStaff(server.db, {
          email: `officer-${randomUUID()}@portal.test`, password_hash: null, firstname: 'Almaz', middlename: '', lastname: 'Uploading', role: 'officer', directorate_id: directorate,
        }, new Date(clock.now - 1000)),
        role: 'officer',
      };
      const [{ id }] = await server.db.query<{ id: string }>(
        `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, language, email_verified_at)
         VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, 'x', $2, 'Female', 'en', now()) RETURNING id`,
        [`uploader-${randomUUID()}@example.test`, `+2519${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`],
      );
      customer = { id, role: 'customer' };
    });

    it('files an accusation with it once: the database holds the bytes; a repeat with its key answers the first reference; any other use is 409', async () => {
      const file = pdfOf(200_000);
      const id = await finishedUpload(file);
      const key = `outbox-${randomUUID()}`;
      const first = await expectOk(await accuse({ attachment_upload: id }, key), 201);
      const { attachment } = await storedAccusation(first.reference);
      expect(attachment).toMatch(/\.pdf$/);
      expect((await storedFile(server, 'accusation-files', attachment!)).equals(file)).toBe(true);
      // The upload is used: its bytes are gone (the stored file has them), tus says it is gone.
      expect((await head(id)).status).toBe(410);
      if (server.db.kind === 'postgres') expect(await server.db.query('SELECT upload_id FROM resumable_upload_chunk WHERE upload_id = $1', [id])).toEqual([]);
      else expect(fs.existsSync(path.join(server.config.dataDir, 'uploads', id))).toBe(false);

      // The outbox sends it again: the same receipt, nothing stored twice.
      const again = await expectOk(await accuse({ attachment_upload: id }, key), 201);
      expect(again.reference).toBe(first.reference);
      expect(await server.db.query('SELECT reference FROM accusation WHERE attachment = $1', [attachment])).toHaveLength(1);
      // Another submission naming it: refused in six languages, nothing stored.
      const used = await expectError(await accuse({ attachment_upload: id, subject: 'Another' }, `other-${randomUUID()}`), 409, 'uploadUsed');
      expect(used.Message_am).toMatch(ETHIOPIC);
      await expectError(await accuse({ attachment_upload: id, subject: 'Another' }), 409, 'uploadUsed');
      expect(await server.db.query("SELECT reference FROM accusation WHERE subject = 'Another'")).toEqual([]);
    });

    it('refuses an unknown, an unfinished, an expired upload, and one beside an attachment part, with a clear message', async () => {
      const unknown = await expectError(await accuse({ attachment_upload: '0123456789abcdef0123456789abcdef' }), 404, 'uploadUnknown');
      expect(unknown.Message_en).toMatch(/not found/);
      expect(unknown.Message_am).toMatch(ETHIOPIC);
      await expectError(await accuse({ attachment_upload: '../../etc/passwd' }), 404, 'uploadUnknown');

      const file = pdfOf(50_000);
      const half = await createdId(file.length);
      expect((await patch(half, 0, file.subarray(0, 20_000))).status).toBe(204);
      await expectError(await accuse({ attachment_upload: half }), 409, 'uploadUnfinished');

      const both = await finishedUpload(file);
      await expectError(await accuse({ attachment_upload: both }, undefined, tinyPdf('beside')), 400, 'uploadAndAttachment');

      const old = await finishedUpload(file);
      const start = clock.now;
      try {
        clock.now = start + 7 * DAY;
        await expectError(await accuse({ attachment_upload: old }), 410, 'uploadExpired');
        expect((await head(old)).status).toBe(410);
      } finally {
        clock.now = start;
      }
      // Neither refusal used it: it still makes one accusation.
      await expectOk(await accuse({ attachment_upload: both }), 201);
      expect(await server.db.query("SELECT reference FROM accusation WHERE subject = 'Resumable' AND attachment IS NULL")).toEqual([]);
    });

    it('of two submissions naming one upload at the same moment, stores one (the use is claimed in the submission\'s transaction)', async () => {
      const file = pdfOf(60_000);
      const id = await finishedUpload(file);
      const answers = await Promise.all([1, 2, 3].map((n) => accuse({ attachment_upload: id, subject: `At once ${id} ${n}` }, `at-once-${n}-${randomUUID()}`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
      for (const answer of answers.filter((one) => one.status === 409)) expect((await answer.json()).code).toBe('uploadUsed');
      expect(await server.db.query('SELECT reference FROM accusation WHERE subject LIKE $1', [`At once ${id}%`])).toHaveLength(1);
      // The refused ones keep no copy of the bytes: one stored file holds them.
      const [{ attachment }] = await server.db.query<{ attachment: string }>('SELECT attachment FROM accusation WHERE subject LIKE $1', [`At once ${id}%`]);
      expect((await storedFile(server, 'accusation-files', attachment)).equals(file)).toBe(true);
    });

    it('refuses an upload whose bytes are not all there any more (removed while a submission copied it), storing nothing', async () => {
      const file = pdfOf(300_000);
      // Two PATCHes: on PostgreSQL each ends its own piece, so the one from 100 000 can go.
      const id = await createdId(file.length);
      expect((await patch(id, 0, file.subarray(0, 100_000))).status).toBe(204);
      expect((await patch(id, 100_000, file.subarray(100_000))).status).toBe(204);
      if (server.db.kind === 'postgres') {
        await server.db.query('DELETE FROM resumable_upload_chunk WHERE upload_id = $1 AND start_offset > 0', [id]);
      } else {
        fs.truncateSync(path.join(server.config.dataDir, 'uploads', id), 100_000);
      }
      await expectError(await accuse({ attachment_upload: id, subject: `Cut short ${id}` }), 409, 'uploadUnfinished');
      expect(await server.db.query('SELECT reference FROM accusation WHERE subject = $1', [`Cut short ${id}`])).toEqual([]);
    });

    it('judges an upload whose last byte came in but whose instance stopped before judging it, when a submission names it', async () => {
      const file = pdfOf(40_000);
      const id = await finishedUpload(file);
      await server.db.query('UPDATE resumable_upload SET finished_at = NULL WHERE id = $1', [id]);
      const { reference } = await expectOk(await accuse({ attachment_upload: id }), 201);
      expect((await storedFile(server, 'accusation-files', (await storedAccusation(reference)).attachment!)).equals(file)).toBe(true);
    });

    it('is taken by createCase, answerInformationRequest and staffRespondCase as a multipart file would be', async () => {
      const caseRequests: Json[] = await expectOk(await fetch(`${server.url}/case_list_api/get_all_case_list`));
      const questions: Json[] = await expectOk(await fetch(`${server.url}/questions_api/get_all_questions`));
      const buy = caseRequests.find((r) => r.case_name_en === 'Buying a corporation house')!;
      const [houseNumber, householdSize, paymentMethod, description] = questions.filter((q) => q.caselist._id === buy._id);
      const application = (upload: string) => ({
        division: buy.division._id,
        caselist: buy._id,
        form: JSON.stringify([
          { [houseNumber._id]: 'B-7/12' }, { [householdSize._id]: '4' },
          { [paymentMethod._id]: paymentMethod.enumValues[0].expectedValues.value_en }, { [description._id]: 'Sent by tus.' },
        ]),
        remark: 'resumable',
        attachment_upload: upload,
      });
      const applicationFile = pdfOf(120_000);
      const applied = await finishedUpload(applicationFile);
      const key = `outbox-${randomUUID()}`;
      const created = await expectOk(await post('/customer_case_api/create_case', application(applied), customer, key), 201);
      expect(await expectOk(await post('/customer_case_api/create_case', application(applied), customer, key), 201)).toEqual(created);
      const [stored] = await server.db.query<{ attachment: string }>('SELECT attachment FROM customer_case WHERE id = $1', [created._id]);
      expect((await storedFile(server, 'case-files', stored.attachment)).equals(applicationFile)).toBe(true);
      expect(await server.db.query("SELECT id FROM customer_case WHERE remark = 'resumable'")).toHaveLength(1);

      const caseId = await ongoingCase();
      await expectOk(await fetch(`${server.url}/staff_api/cases/${caseId}/request_information`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokenOf(officer)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Please send your ID card.' }),
      }));
      const answerFile = pdfOf(90_000);
      const answered = await finishedUpload(answerFile);
      const answerKey = `outbox-${randomUUID()}`;
      await expectOk(await post(`/customer_case_api/answer_information_request/${caseId}`, { text: 'Here it is.', attachment_upload: answered }, customer, answerKey));
      await expectOk(await post(`/customer_case_api/answer_information_request/${caseId}`, { text: 'Here it is.', attachment_upload: answered }, customer, answerKey));
      const [answer] = await server.db.query<{ answer_attachment: string }>('SELECT answer_attachment FROM information_request WHERE case_id = $1', [caseId]);
      expect((await storedFile(server, 'case-files', answer.answer_attachment)).equals(answerFile)).toBe(true);

      const letterFile = pdfOf(150_000);
      const letter = await finishedUpload(letterFile);
      await expectOk(await post(`/staff_api/cases/${caseId}/respond`, { justification: 'Granted.', attachment_upload: letter }, officer));
      const [responded] = await server.db.query<{ status: string; response_attachment: string }>('SELECT status, response_attachment FROM customer_case WHERE id = $1', [caseId]);
      expect(responded.status).toBe('responded');
      expect((await storedFile(server, 'case-files', responded.response_attachment)).equals(letterFile)).toBe(true);
      // A response has no Idempotency-Key: the same upload again is refused.
      const other = await ongoingCase();
      await expectError(await post(`/staff_api/cases/${other}/respond`, { justification: 'Granted.', attachment_upload: letter }, officer), 409, 'uploadUsed');
    });
  });

  it('removes uploads made 7 days ago, finished or not, with their bytes, when the sweep runs (a moved clock)', async () => {
    const file = pdfOf(300_000);
    const finished = await finishedUpload(file);
    const half = await createdId(file.length);
    expect((await patch(half, 0, file.subarray(0, 100_000))).status).toBe(204);
    const start = clock.now;
    try {
      clock.now = start + 7 * DAY - 60_000;
      const younger = await finishedUpload(pdfOf(1_000));
      expect(await server.app.sweepUploads()).toBe(0);
      clock.now = start + 7 * DAY;
      expect(await server.app.sweepUploads()).toBeGreaterThanOrEqual(2);
      for (const id of [finished, half]) {
        expect(await server.db.query('SELECT id FROM resumable_upload WHERE id = $1', [id])).toEqual([]);
        if (server.db.kind === 'postgres') expect(await server.db.query('SELECT upload_id FROM resumable_upload_chunk WHERE upload_id = $1', [id])).toEqual([]);
        else {
          expect(fs.existsSync(path.join(server.config.dataDir, 'uploads', id))).toBe(false);
          expect(fs.existsSync(path.join(server.config.dataDir, 'uploads', `${id}.json`))).toBe(false);
        }
        expect((await head(id)).status).toBe(404);
      }
      expect((await head(younger)).status).toBe(200);
    } finally {
      clock.now = start;
    }
  });

  it('counts the uploads an address makes, as the anonymous forms are counted', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (let made = 0; made < 5; made++) expect((await create(1_000, server, from)).status).toBe(201);
    const refused = await create(1_000, server, from);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('tooManyRequests');
    // Another address is not held back.
    expect((await create(1_000)).status).toBe(201);
  });
});

/**
 * Several instances on one PostgreSQL (behind a load balancer): the upload's state, bytes and
 * lock live in the database, so any instance continues an upload another started, and two
 * requests writing one upload at once on two instances never both write.
 */
describe.each(databases.filter((database) => database.name === 'postgres'))('resumable uploads across two instances on $name', (database) => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await sharedServer(database);
    b = await startTestServer(database, { sameDatabaseAs: a, clock: () => clock.now });
  });
  afterAll(() => b?.close());

  async function create(at: TestServer, size: number) {
    const response = await fetch(`${at.url}/uploads/`, { method: 'POST', headers: { ...TUS, 'upload-length': String(size) } });
    expect(response.status).toBe(201);
    return response.headers.get('location')!.split('/').pop()!;
  }
  const patch = (at: TestServer, id: string, offset: number, body: Buffer) =>
    fetch(`${at.url}/uploads/${id}`, { method: 'PATCH', headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(body) });
  const offsetOn = async (at: TestServer, id: string) => Number((await fetch(`${at.url}/uploads/${id}`, { method: 'HEAD', headers: TUS })).headers.get('upload-offset'));
  const accuse = (at: TestServer, upload: string) => {
    const form = new FormData();
    form.append('subject', 'Across instances');
    form.append('description', 'Started on one, finished on the other.');
    form.append('attachment_upload', upload);
    return fetch(`${at.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
  };
  async function storedBytes(reference: string) {
    const [{ attachment }] = await a.db.query<{ attachment: string }>('SELECT attachment FROM accusation WHERE reference = $1', [reference]);
    return storedFile(a, 'accusation-files', attachment);
  }

  it('continues on B an upload started on A, and either instance takes it as an attachment', async () => {
    const file = pdfOf(600_000);
    const id = await create(a, file.length);
    expect((await patch(a, id, 0, file.subarray(0, 250_000))).status).toBe(204);
    expect(await offsetOn(b, id)).toBe(250_000);
    expect((await patch(b, id, 250_000, file.subarray(250_000))).status).toBe(204);
    expect(await offsetOn(a, id)).toBe(file.length);
    const { reference } = await expectOk(await accuse(a, id), 201);
    expect((await storedBytes(reference)).equals(file)).toBe(true);
    await expectError(await accuse(b, id), 409, 'uploadUsed');
  });

  it('lets one of two PATCHes on A and B write at once (the other 409 or 423), and the bytes stay whole', async () => {
    const file = pdfOf(900_000);
    const id = await create(a, file.length);
    // A's PATCH announces the whole file, sends 100 KB (less than one stored piece: nothing is
    // written yet, the offset is still 0) and waits, holding the upload's lock.
    const onA = http.request(`${a.url}/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(file.length) },
    });
    const answerOfA = new Promise<number | 'cut'>((resolve) => {
      onA.on('response', (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      onA.on('error', () => resolve('cut'));
    });
    onA.write(file.subarray(0, 100_000));
    // Held, and renewed once (A has been reading its body for a renewal's 250 ms by then).
    let held = false;
    let firstLease: string | undefined;
    for (let tries = 0; tries < 500 && !held; tries++) {
      const [lock] = await a.db.query<{ lease: string }>('SELECT expires_at::text AS lease FROM resumable_upload_lock WHERE upload_id = $1', [id]);
      firstLease ??= lock?.lease;
      held = lock !== undefined && lock.lease !== firstLease;
      if (!held) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(held).toBe(true);

    // B's PATCH of the same bytes from offset 0 while A writes: B waits for the lock (asking A
    // to let go; A keeps what it received), then finds the offset moved. Without the shared
    // lock B would write from 0 beside A.
    const onB = await patch(b, id, 0, file);
    expect([409, 423]).toContain(onB.status);
    onA.destroy();
    expect([204, 'cut']).toContain(await answerOfA);

    // Whatever was written is the file's beginning; the rest follows and the whole is intact.
    const offset = await offsetOn(b, id);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(file.length);
    expect((await patch(b, id, offset, file.subarray(offset))).status).toBe(204);
    const { reference } = await expectOk(await accuse(b, id), 201);
    expect((await storedBytes(reference)).equals(file)).toBe(true);
  });
});
