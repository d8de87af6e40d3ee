import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { fetchFrom } from '../helpers/raw-http.ts';
import { storedFileNames } from '../helpers/stored-files.ts';
import { oversizePdf, tinyPdf } from '../helpers/pdf.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

const databases = await testDatabases();

describe.each(databases)('accusations on $name', (database) => {
  let server: TestServer;
  let acceptorToken: string;
  let customerToken: string;

  const post = (path: string, json: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
  const file = (fields: Record<string, string>, attachment?: { bytes: Buffer; name?: string; type?: string }) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (attachment) form.append('attachment', new Blob([new Uint8Array(attachment.bytes)], { type: attachment.type ?? 'application/pdf' }), attachment.name ?? 'evidence.pdf');
    return fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
  };
  const asAcceptor = (path: string, token = acceptorToken) =>
    fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const count = async () => (await server.db.query<{ n: number }>('SELECT count(*) AS n FROM accusation'))[0].n;
  const filesIn = () => storedFileNames(server, 'accusation-files');

  beforeAll(async () => {
    // This file files many accusations from one address; the per-address cap has its own test below.
    server = await startTestServer(database, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'accusations-')), submissionLimit: { max: 1000, windowMs: 60_000 } });
    acceptorToken = (await (await post('/accusation_acceptor_user_api/login_accusation_acceptor', DEMO_ACCEPTOR)).json()).token;
    customerToken = (await (await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER)).json()).token;
    expect(acceptorToken).toMatch(/^ey/);
  });
  afterAll(() => server?.close());

  it('refuses a missing subject or description, with its own message, storing nothing', async () => {
    const before = await count();
    for (const [fields, code] of [
      [{ description: 'Something happened' }, 'accusationSubjectRequired'],
      [{ subject: '   ', description: 'Something happened' }, 'accusationSubjectRequired'],
      [{ subject: 'A subject' }, 'accusationDescriptionRequired'],
    ] as const) {
      const response = await file(fields);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.code).toBe(code);
      expect(body.Message_am).toMatch(/[\u1200-\u137F]/);
    }
    const phone = await file({ subject: 'S', description: 'D', phone: 'call me maybe' });
    expect((await phone.json()).code).toBe('phoneInvalid');
    expect(await count()).toBe(before);
  });

  it('refuses a non-PDF and an oversize attachment, keeping no file', async () => {
    const before = await count();
    const fake = await file({ subject: 'S', description: 'D' }, { bytes: Buffer.from('just text, not a pdf'), name: 'x.pdf' });
    expect(fake.status).toBe(400);
    expect((await fake.json()).code).toBe('attachmentInvalid');
    const big = await file({ subject: 'S', description: 'D' }, { bytes: oversizePdf(10 * 1024 * 1024) });
    expect(big.status).toBe(413);
    const body = await big.json();
    expect(body.Message_en).toMatch(/10 MB/);
    expect(await count()).toBe(before);
    expect(await filesIn()).toEqual([]);
  });

  it('stores an accusation that reads back identically through the acceptor API, attachment bytes included', async () => {
    const pdf = tinyPdf('Evidence of a bribe');
    const fields = {
      name: 'Meseret Kebede',
      phone: '+251911000222',
      subject: 'ጉቦ ተጠየቅሁ',
      description: 'An officer asked me for money.\nTwice.',
      accused_organizational_part: 'Sales Directorate',
    };
    const response = await file(fields, { bytes: pdf });
    expect(response.status).toBe(201);
    const receipt = await response.json();
    expect(receipt.reference).toMatch(/^ACC-\d{4}-\d{6}$/);
    expect(receipt.Message_am).toMatch(/[\u1200-\u137F]/);

    const list = await (await asAcceptor(`/accusation_acceptor_api/get_accusations?name=${encodeURIComponent('Meseret')}`)).json();
    expect(list.accusations).toHaveLength(1);
    const id = list.accusations[0]._id;
    const stored = await (await asAcceptor(`/accusation_acceptor_api/get_accusations/${id}`)).json();
    expect(stored).toMatchObject({ ...fields, reference: receipt.reference });
    const media = await asAcceptor(`/media/AccusationFiles/${stored.attachment}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('application/pdf');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await media.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('gives customers and visitors nothing of the acceptor calls', async () => {
    const [{ id, attachment }] = await server.db.query<{ id: string; attachment: string | null }>(
      'SELECT id, attachment FROM accusation ORDER BY attachment NULLS LAST LIMIT 1',
    );
    for (const token of ['', customerToken, 'not-a-token']) {
      for (const path of ['/accusation_acceptor_api/get_accusations', `/accusation_acceptor_api/get_accusations/${id}`, `/media/AccusationFiles/${attachment}`]) {
        expect((await asAcceptor(path, token)).status, `${path} with ${token.slice(0, 8)}`).toBe(401);
      }
    }
    expect((await post('/accusation_acceptor_user_api/login_accusation_acceptor', DEMO_CUSTOMER)).status).toBe(401);
  });

  it('pages ten at a time, newest first by default, oldest first on request, filtered by name and phone', async () => {
    for (let n = 0; n < 12; n++) {
      expect((await file({ subject: `Paging ${n}`, description: 'D', name: `Pager ${n}`, phone: `09110000${String(n).padStart(2, '0')}` })).status).toBe(201);
    }
    const total = await count();
    const first = await (await asAcceptor('/accusation_acceptor_api/get_accusations')).json();
    expect(first.accusations).toHaveLength(10);
    expect(first.total).toBe(total);
    expect(first.totalPages).toBe(Math.ceil(total / 10));
    expect(first.accusations[0].subject).toBe('Paging 11');
    const times = first.accusations.map((a: { createdAt: string }) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const oldest = await (await asAcceptor('/accusation_acceptor_api/get_accusations?sort=1')).json();
    expect(oldest.accusations[0].createdAt <= oldest.accusations[9].createdAt).toBe(true);
    const beyond = await (await asAcceptor('/accusation_acceptor_api/get_accusations?page=999')).json();
    expect(beyond.currentPage).toBe(beyond.totalPages);
    // Each filter against the seed's six and the accusations this file filed: exactly the rows it must find, all counted.
    const filtered = async (query: string) => {
      const body = await (await asAcceptor(`/accusation_acceptor_api/get_accusations?${query}`)).json();
      expect(body.total, query).toBe(body.accusations.length);
      return body.accusations.map((a: { subject: string }) => a.subject).sort();
    };
    expect(await filtered('name=pager%201')).toEqual(['Paging 1', 'Paging 10', 'Paging 11']);
    expect(await filtered('name=TESFAYE')).toEqual(['Rude treatment at the front desk']);
    expect(await filtered('phone=0911000007')).toEqual(['Paging 7']);
    expect(await filtered('phone=345')).toEqual([
      'House allocated out of turn', 'Receipt not given for a payment', 'Repair team never came', 'Rude treatment at the front desk',
    ]);
    expect(await filtered('name=pager&phone=0911000007')).toEqual(['Paging 7']);
    expect(await filtered('name=Hirut&phone=0911000007')).toEqual([]);
    expect((await asAcceptor('/accusation_acceptor_api/get_accusations?page=0')).status).toBe(400);
  });

  it('honours an Idempotency-Key: the same filing sent twice (even at once) stores one accusation and one file', async () => {
    const key = crypto.randomUUID();
    const send = () => {
      const form = new FormData();
      form.append('subject', `Keyed ${key}`);
      form.append('description', 'Sent twice by the outbox after a lost answer.');
      form.append('attachment', new Blob([new Uint8Array(tinyPdf('keyed'))], { type: 'application/pdf' }), 'keyed.pdf');
      return fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form, headers: { 'idempotency-key': key } });
    };
    const filesBefore = (await filesIn()).length;
    const answers = await Promise.all([send(), send()]);
    const third = await send();
    const references = await Promise.all([...answers, third].map(async (r) => (expect(r.status).toBe(201), (await r.json()).reference)));
    expect(new Set(references).size).toBe(1);
    const rows = await server.db.query('SELECT id FROM accusation WHERE subject = $1', [`Keyed ${key}`]);
    expect(rows).toHaveLength(1);
    expect((await filesIn()).length).toBe(filesBefore + 1);
    const bad = await fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: new FormData(), headers: { 'idempotency-key': 'short' } });
    expect(bad.status).toBe(400);
  });

  it('ends the acceptor session at logout', async () => {
    const token = (await (await post('/accusation_acceptor_user_api/login_accusation_acceptor', DEMO_ACCEPTOR)).json()).token;
    expect((await asAcceptor('/accusation_acceptor_api/get_accusations', token)).status).toBe(200);
    expect((await asAcceptor('/accusation_acceptor_api/logout_accusation_acceptor', token)).status).toBe(200);
    expect((await asAcceptor('/accusation_acceptor_api/get_accusations', token)).status).toBe(401);
  });

  it('limits filings per address with 429', async () => {
    // A second instance on this database, with a tight limit; the counts are in the database, so
    // its client is another address than the one that filed this file's accusations.
    const limited = await startTestServer(database, { sameDatabaseAs: server, submissionLimit: { max: 2, windowMs: 60_000 } });
    try {
      const send = () => {
        const form = new FormData();
        form.append('subject', 'S');
        form.append('description', 'D');
        return fetchFrom('127.0.0.2', `${limited.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
      };
      expect([(await send()).status, (await send()).status]).toEqual([201, 201]);
      const third = await send();
      expect(third.status).toBe(429);
      // The time left in the filing window (60 s here), not the generic 180 s.
      const wait = Number(third.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });
});
