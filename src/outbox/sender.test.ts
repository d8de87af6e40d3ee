import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage.ts';
import type { OutboxItem, OutboxKind } from './outbox.ts';
import { CHUNK_SIZE } from './tus-upload.ts';

// The sender's tests run in Node: tus-js-client's browser build, over the fake XMLHttpRequest below.
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js' as string));

/**
 * The outbox's promise, without a browser: whatever the network does, an item is never
 * lost, never sent twice, and marked sent only on a real receipt. IndexedDB is
 * fake-indexeddb, the server a fake XMLHttpRequest, Web Locks a tiny fake, and time
 * vitest's fake clock (IndexedDB keeps its real setImmediate).
 */

type Answer = { status: number; body: unknown } | 'network-error';
interface Received {
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  fields: Record<string, string>;
  file: File | undefined;
}

/** The server at the other end of the wire: records what arrives, answers what the test says. */
const server = {
  received: [] as Received[],
  answer: (_request: Received): Answer => ({ status: 201, body: { reference: 'ACC-2019-000042', Message_en: 'Received' } }),
};

/**
 * The tus end of the server (issue 27): uploads by id, the bytes each PATCH brought, and what
 * the test makes the link do to the next PATCH or HEAD ('cut': the connection fails after the
 * server took the bytes before it; 'stall': no answer, ever).
 */
interface TusUpload { length: number; bytes: Uint8Array<ArrayBuffer>[]; offset: number }
const tus = {
  uploads: new Map<string, TusUpload>(),
  requests: [] as { method: string; path: string; offset?: number; size?: number }[],
  next: (_method: string): 'cut' | 'stall' | undefined => undefined,
  made: 0,
};
const uploadedBytes = (id: string) => new Blob(tus.uploads.get(id)?.bytes ?? []).text();

/** Just enough XMLHttpRequest for uploadForm and tus-js-client's browser HTTP stack. */
class FakeXhr {
  status = 0;
  response: unknown = null;
  responseText = '';
  responseType = '';
  timeout = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: ((error?: unknown) => void) | null = null;
  ontimeout: (() => void) | null = null;
  #method = '';
  #path = '';
  #headers = new Map<string, string>();
  #answerHeaders = new Map<string, string>();
  #aborted = false;

  open(method: string, url: string) {
    this.#method = method;
    this.#path = new URL(url, 'http://localhost').pathname;
  }
  setRequestHeader(name: string, value: string) {
    this.#headers.set(name.toLowerCase(), value);
  }
  getResponseHeader(name: string) {
    return this.#answerHeaders.get(name.toLowerCase()) ?? null;
  }
  abort() {
    this.#aborted = true;
  }
  send(body: FormData | Blob | null) {
    if (this.#path.startsWith('/uploads/')) return void this.#tus(body as Blob | null);
    const form = body as FormData;
    const entries = [...form.entries()];
    const request: Received = {
      path: this.#path,
      idempotencyKey: this.#headers.get('idempotency-key'),
      authorization: this.#headers.get('authorization'),
      fields: Object.fromEntries(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      file: entries.map(([, value]) => value).find((value): value is File => typeof value !== 'string'),
    };
    server.received.push(request);
    const answer = server.answer(request);
    setImmediate(() => {
      if (answer === 'network-error') return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = answer.status;
      this.response = answer.body;
      this.onload?.();
    });
  }

  /** tus 1.0.0 as /uploads/ speaks it: creation (POST), HEAD, PATCH. */
  async #tus(body: Blob | null) {
    const method = this.#method;
    const id = this.#path.split('/').filter(Boolean)[1];
    const upload = id ? tus.uploads.get(id) : undefined;
    const offset = Number(this.#headers.get('upload-offset') ?? NaN);
    tus.requests.push({ method, path: this.#path, offset: method === 'PATCH' ? offset : undefined, size: body?.size });
    const link = tus.next(method);
    const bytes = body ? new Uint8Array(await body.arrayBuffer()) : undefined;
    await new Promise((resolve) => setImmediate(resolve));
    if (link === 'stall' || this.#aborted) return;
    // A cut: the server keeps nothing of this request, and its answer never arrives.
    if (link === 'cut') return this.onerror?.(new Error('cut'));
    const answer = (status: number, headers: Record<string, string> = {}) => {
      this.status = status;
      for (const [name, value] of Object.entries(headers)) this.#answerHeaders.set(name.toLowerCase(), value);
      this.onload?.();
    };
    if (method === 'POST') {
      const made = `u${++tus.made}`;
      tus.uploads.set(made, { length: Number(this.#headers.get('upload-length')), bytes: [], offset: 0 });
      return answer(201, { Location: `/uploads/${made}` });
    }
    if (!upload) return answer(404);
    if (method === 'HEAD') return answer(200, { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) });
    if (offset !== upload.offset) return answer(409);
    this.upload.onprogress?.({ lengthComputable: true, loaded: bytes!.length, total: bytes!.length });
    upload.bytes.push(bytes!);
    upload.offset += bytes!.length;
    return answer(204, { 'Upload-Offset': String(upload.offset) });
  }
}

/** Web Locks, one lock name: each request waits for the one before it to finish. */
function fakeLocks() {
  let last: Promise<unknown> = Promise.resolve();
  return {
    request(_name: string, work: () => Promise<unknown>) {
      const turn = last.then(work);
      last = turn.catch(() => {});
      return turn;
    },
  };
}

const START = Date.parse('2026-11-22T09:00:00Z');
const CUSTOMER = 'c0ffee00-0000-4000-8000-000000000001';
const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenOf = (id: string) => `eyJhbGciOiJIUzI1NiJ9.${base64url(JSON.stringify({ id }))}.c2ln`;

/** One browser tab: its own modules (Dexie connection, session, sender) over the shared IndexedDB. */
async function openTab() {
  vi.resetModules();
  const [sender, { outbox }, { outboxDb }, { session }] = await Promise.all([
    import('./sender.ts'),
    import('./outbox.ts'),
    import('./db.ts'),
    import('../app/session.ts'),
  ]);
  return { ...sender, outbox, outboxDb, session };
}
type Tab = Awaited<ReturnType<typeof openTab>>;

const CASE_ID = 'c0ffee00-0000-4000-8000-0000000000ca';
const DRAFTS: Record<OutboxKind, Pick<OutboxItem, 'kind' | 'fields' | 'summary' | 'ownerId' | 'caseId'>> = {
  accusation: { kind: 'accusation', fields: { subject: 'Broken lift', description: 'Since May.' }, summary: 'Broken lift' },
  case: { kind: 'case', fields: { division: 'd1', caselist: 'r1', form: '[]', remark: '' }, summary: 'Buying a house', ownerId: CUSTOMER },
  // Issue 25: an answer to the corporation's request names its case; the case number is its receipt.
  answer: { kind: 'answer', fields: { text: 'The receipt is attached.' }, summary: 'HDC-2019-000123', ownerId: CUSTOMER, caseId: CASE_ID },
};

/** An item due now, as a queued submission or a retry leaves it. */
async function queue(tab: Tab, kind: OutboxKind, id = crypto.randomUUID()) {
  return tab.outbox.add({ ...DRAFTS[kind], id });
}

/** Lets IndexedDB and the fake network run (they use the real setImmediate) until `done` holds. */
async function until(done: () => boolean | Promise<boolean>) {
  // Bounded by real time, not turns: the first tus attempt in a fresh tab also waits for tus-js-client's module to load.
  for (const start = performance.now(); performance.now() - start < 10_000; ) {
    if (await done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the outbox never got there');
}

let tab: Tab;

beforeEach(async () => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('navigator', { onLine: true, locks: fakeLocks() });
  // No jitter, so the clock can be stepped to the millisecond (backoff.test.ts checks the jitter's bounds).
  vi.spyOn(Math, 'random').mockReturnValue(0);
  server.received = [];
  tus.uploads.clear();
  tus.requests = [];
  tus.next = () => undefined;
  tus.made = 0;
  server.answer = () => ({ status: 201, body: { reference: 'ACC-2019-000042', Message_en: 'Received' } });
  // A submission naming an upload the server does not have is 404 (uploadUnknown), as the server answers.
  const answer = server.answer;
  server.answer = (request) => {
    const upload = request.fields.attachment_upload;
    return upload !== undefined && !tus.uploads.has(upload) ? { status: 404, body: { code: 'uploadUnknown' } } : answer(request);
  };
  tab = await openTab();
  await tab.outboxDb.items.clear();
});

afterEach(() => {
  tab.outboxDb.close();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sending what waits in the outbox', () => {
  const refusal = { code: 'subjectRequired', Message_en: 'Please write the subject', Message_am: 'እባክዎ ርዕሱን ይጻፉ' };

  const outcomes: { what: string; kind: OutboxKind; answer: Answer; expected: Record<string, unknown> }[] = [
    { what: 'offline (no answer at all)', kind: 'accusation', answer: 'network-error', expected: { state: 'waiting', attempts: 1, nextAttemptAt: START + 1000 } },
    { what: 'a 500', kind: 'accusation', answer: { status: 500, body: { Message_en: 'Internal error' } }, expected: { state: 'waiting', attempts: 1 } },
    { what: 'a 503 from a proxy', kind: 'case', answer: { status: 503, body: null }, expected: { state: 'waiting', attempts: 1 } },
    { what: 'a 429', kind: 'accusation', answer: { status: 429, body: { code: 'tooManyRequests' } }, expected: { state: 'waiting', attempts: 1 } },
    // A captive portal answers 200 with its own web page; as JSON that reads as null.
    { what: 'a captive portal’s 200', kind: 'accusation', answer: { status: 200, body: null }, expected: { state: 'waiting', attempts: 1 } },
    { what: 'a 201 without a reference', kind: 'accusation', answer: { status: 201, body: { Message_en: 'ok' } }, expected: { state: 'waiting', attempts: 1 } },
    { what: 'a 201 with a case number where a reference is due', kind: 'accusation', answer: { status: 201, body: { case_number: 'HDC-2019-000001' } }, expected: { state: 'waiting' } },
    { what: 'a 201 with the reference', kind: 'accusation', answer: { status: 201, body: { reference: 'ACC-2019-000042' } }, expected: { state: 'sent', receipt: 'ACC-2019-000042', sentAt: START } },
    { what: 'a 201 with the case number', kind: 'case', answer: { status: 201, body: { case_number: 'HDC-2019-000123' } }, expected: { state: 'sent', receipt: 'HDC-2019-000123' } },
    { what: 'a 400 refusal', kind: 'accusation', answer: { status: 400, body: refusal }, expected: { state: 'refused', refusal, attempts: 0 } },
    { what: 'a 413 refusal', kind: 'case', answer: { status: 413, body: { Message_en: 'The file is too large' } }, expected: { state: 'refused', refusal: { Message_en: 'The file is too large' } } },
    { what: 'a 401 on a case application', kind: 'case', answer: { status: 401, body: { code: 'sessionInvalid' } }, expected: { state: 'needs-sign-in', attempts: 0 } },
    { what: 'a 200 with the case back in processing', kind: 'answer', answer: { status: 200, body: { Message_en: 'Received', status: 'ongoing' } }, expected: { state: 'sent', receipt: 'HDC-2019-000123' } },
    { what: 'a captive portal’s 200 on an answer', kind: 'answer', answer: { status: 200, body: { Message_en: 'Welcome' } }, expected: { state: 'waiting', attempts: 1 } },
    { what: 'a 409 on an answer to a case no longer waiting', kind: 'answer', answer: { status: 409, body: { code: 'caseNotWaitingForCustomer', Message_en: 'Not waiting' } }, expected: { state: 'refused' } },
  ];

  it.each(outcomes)('after $what, a queued $kind is $expected.state', async ({ kind, answer, expected }) => {
    tab.session.start(tokenOf(CUSTOMER));
    server.answer = () => answer;
    const item = await queue(tab, kind);
    await tab.flushOutbox();
    expect(await tab.outbox.get(item.id)).toMatchObject(expected);
    expect(server.received).toHaveLength(1);
    expect(server.received[0].idempotencyKey).toBe(item.id);
  });

  it('sends the PDF by tus and then the fields naming its upload, and, for a case, the owner’s token, to the right address', async () => {
    tab.session.start(tokenOf(CUSTOMER));
    const pdf = new Blob(['%PDF-1.4 evidence'], { type: 'application/pdf' });
    await tab.outbox.add({ ...DRAFTS.accusation, id: crypto.randomUUID(), file: { blob: pdf, name: 'evidence.pdf' } });
    await queue(tab, 'case');
    server.answer = (request) =>
      request.path.endsWith('create_accusation')
        ? { status: 201, body: { reference: 'ACC-2019-000042' } }
        : { status: 201, body: { case_number: 'HDC-2019-000123' } };
    await tab.flushOutbox();
    // Both were made in the same millisecond: which goes first is not ours to say.
    const [accusation, application] = ['create_accusation', 'create_case'].map((call) => server.received.find((r) => r.path.endsWith(call)));
    // Issue 27: the file travelled by tus; the submission names the finished upload and carries no file.
    expect(accusation).toMatchObject({ path: '/accusation_acceptor_api/create_accusation', fields: { ...DRAFTS.accusation.fields, attachment_upload: 'u1' } });
    expect(accusation?.file).toBeUndefined();
    expect(await uploadedBytes('u1')).toBe('%PDF-1.4 evidence');
    expect(tus.requests.map((request) => request.method)).toEqual(['POST', 'PATCH']);
    expect(application).toMatchObject({
      path: '/customer_case_api/create_case',
      fields: DRAFTS.case.fields,
      authorization: `Bearer ${tokenOf(CUSTOMER)}`,
    });
  });

  it('sends an answer with its text and its PDF’s upload to its case’s address, under the owner’s token, and keeps it for the owner alone', async () => {
    const pdf = new Blob(['%PDF-1.4 receipt'], { type: 'application/pdf' });
    const item = await tab.outbox.add({ ...DRAFTS.answer, id: crypto.randomUUID(), file: { blob: pdf, name: 'receipt.pdf' } });
    server.answer = () => ({ status: 200, body: { Message_en: 'Received', status: 'ongoing' } });
    // Signed out, it waits for its owner; signed in as them, it goes once.
    await tab.flushOutbox();
    expect([server.received, (await tab.outbox.get(item.id))?.state]).toEqual([[], 'needs-sign-in']);
    tab.session.start(tokenOf(CUSTOMER));
    await tab.resumeOutbox();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      path: `/customer_case_api/answer_information_request/${CASE_ID}`,
      idempotencyKey: item.id,
      authorization: `Bearer ${tokenOf(CUSTOMER)}`,
      fields: { text: 'The receipt is attached.', attachment_upload: 'u1' },
    });
    expect(await uploadedBytes('u1')).toBe('%PDF-1.4 receipt');
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent', receipt: 'HDC-2019-000123' });
  });

  it('sends nothing while the browser says it is offline, and keeps everything', async () => {
    vi.stubGlobal('navigator', { onLine: false, locks: fakeLocks() });
    const item = await queue(tab, 'accusation');
    await tab.flushOutbox();
    expect(server.received).toEqual([]);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('retries after 1 s, then waits twice as long each time up to 5 minutes, with the same key, and never gives up', async () => {
    server.answer = () => 'network-error';
    const item = await queue(tab, 'accusation');
    await tab.flushOutbox();
    const waits = [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300].map((seconds) => seconds * 1000);
    for (const [index, wait] of waits.entries()) {
      const sent = server.received.length;
      vi.advanceTimersByTime(wait - 1);
      expect(server.received, `nothing before ${wait} ms`).toHaveLength(sent);
      vi.advanceTimersByTime(1);
      // Done once the failure is stored and the next attempt is on the clock.
      await until(async () => (await tab.outbox.get(item.id))?.attempts === index + 2 && vi.getTimerCount() === 1);
      expect(server.received).toHaveLength(sent + 1);
    }
    expect(new Set(server.received.map((request) => request.idempotencyKey))).toEqual(new Set([item.id]));
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'waiting', attempts: waits.length + 1 });
  });

  it('keeps a case application as "sign in to send" while its owner is signed out, and sends it once they sign in', async () => {
    const item = await queue(tab, 'case');
    await tab.flushOutbox();
    expect(server.received).toEqual([]);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'needs-sign-in' });

    server.answer = () => ({ status: 201, body: { case_number: 'HDC-2019-000123' } });
    tab.session.start(tokenOf(CUSTOMER));
    await tab.resumeOutbox();
    expect(server.received).toHaveLength(1);
    expect(server.received[0].authorization).toBe(`Bearer ${tokenOf(CUSTOMER)}`);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent', receipt: 'HDC-2019-000123' });
  });

  it('never sends a case application with another customer’s session', async () => {
    tab.session.start(tokenOf('c0ffee00-0000-4000-8000-000000000002'));
    const item = await queue(tab, 'case');
    await tab.resumeOutbox();
    expect(server.received).toEqual([]);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'needs-sign-in' });
  });

  it('sends an item a closed page left "sending" again when the app starts, under the same key', async () => {
    const item = await queue(tab, 'accusation');
    await tab.outbox.update(item.id, { state: 'sending', attempts: 3, nextAttemptAt: START + 60_000 });
    await tab.resumeOutbox();
    expect(server.received.map((request) => request.idempotencyKey)).toEqual([item.id]);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent' });
  });

  it('never sends an item twice when two tabs send at once', async () => {
    const other = await openTab();
    const items = await Promise.all([queue(tab, 'accusation'), queue(tab, 'accusation'), queue(tab, 'accusation')]);
    await Promise.all([tab.flushOutbox(), other.flushOutbox(), tab.flushOutbox()]);
    expect(server.received.map((request) => request.idempotencyKey).sort()).toEqual(items.map((item) => item.id).sort());
    for (const item of items) expect(await other.outbox.get(item.id)).toMatchObject({ state: 'sent' });
    other.outboxDb.close();
  });
});

describe('submitting a form through the outbox', () => {
  it('writes the submission to the outbox before its first byte is sent, then keeps its receipt', async () => {
    // What the outbox held at the moment the request left: a closed tab finds it there.
    let storedWhenSent: Promise<OutboxItem | undefined> | undefined;
    server.answer = (request) => {
      storedWhenSent = tab.outbox.get(request.idempotencyKey!);
      return { status: 201, body: { reference: 'ACC-2019-000042', Message_en: 'Received' } };
    };
    const result = await tab.submitThroughOutbox(DRAFTS.accusation);
    expect(result).toEqual({ kind: 'sent', receipt: 'ACC-2019-000042', body: { reference: 'ACC-2019-000042', Message_en: 'Received' } });
    expect(await storedWhenSent).toMatchObject({ ...DRAFTS.accusation, id: server.received[0].idempotencyKey, state: 'sending' });
    expect(await tab.outbox.all()).toMatchObject([{ id: server.received[0].idempotencyKey, state: 'sent', receipt: 'ACC-2019-000042', sentAt: START }]);
  });

  it('keeps it without trying when the browser is offline, to send when the connection returns', async () => {
    vi.stubGlobal('navigator', { onLine: false, locks: fakeLocks() });
    const result = await tab.submitThroughOutbox(DRAFTS.accusation);
    expect(result.kind).toBe('queued');
    expect(server.received).toEqual([]);
    expect(await tab.outbox.all()).toMatchObject([{ ...DRAFTS.accusation, state: 'waiting', attempts: 1, nextAttemptAt: START + 1000 }]);
  });

  it.each<[string, Answer]>([
    ['no answer', 'network-error'],
    ['a 502', { status: 502, body: null }],
    ['a captive portal’s 200', { status: 200, body: null }],
  ])('keeps it after %s, and sends it under the same key when the connection returns', async (_what, answer) => {
    server.answer = () => answer;
    const result = await tab.submitThroughOutbox(DRAFTS.accusation);
    if (result.kind !== 'queued') throw new Error(`expected the submission to be kept, got ${result.kind}`);
    server.answer = () => ({ status: 201, body: { reference: 'ACC-2019-000042' } });
    vi.advanceTimersByTime(1000);
    await until(async () => (await tab.outbox.get(result.item.id))?.state === 'sent');
    expect(server.received.map((request) => request.idempotencyKey)).toEqual([result.item.id, result.item.id]);
  });

  it('shows the wait the server’s 429 asks for, and keeps the submission', async () => {
    server.answer = () => ({ status: 429, body: { code: 'tooManyRequests', retry_after: 2400 } });
    const result = await tab.submitThroughOutbox(DRAFTS.accusation);
    expect(result.kind).toBe('queued');
    const { blocking } = await import('../app/blocking.ts');
    expect(blocking.get()).toEqual({ kind: 'rate-limited', until: START + 2_400_000 });
  });

  it('hands a refusal back to the form with the server’s words, and keeps nothing', async () => {
    const refusal = { code: 'subjectRequired', Message_en: 'Please write the subject' };
    server.answer = () => ({ status: 400, body: refusal });
    expect(await tab.submitThroughOutbox(DRAFTS.accusation)).toEqual({ kind: 'refused', body: refusal });
    expect(await tab.outbox.all()).toEqual([]);
  });

  it('ends a session the server no longer knows and hands the 401 back to the form', async () => {
    tab.session.start(tokenOf(CUSTOMER));
    server.answer = () => ({ status: 401, body: { code: 'sessionInvalid' } });
    expect(await tab.submitThroughOutbox(DRAFTS.case)).toEqual({ kind: 'refused', body: { code: 'sessionInvalid' }, status: 401 });
    expect(tab.session.get()).toBeUndefined();
    expect(await tab.outbox.all()).toEqual([]);
  });
});

describe('attachments by tus, resumed where the server stopped (issue 27)', () => {
  /** Sizes and offsets in chunks (CHUNK_SIZE bytes, one PATCH each). */
  const CHUNKS = CHUNK_SIZE;
  /** A PDF of four chunks, each byte telling where it stands. */
  const bigPdf = () => new Blob([new Uint8Array(4 * CHUNKS).map((_, index) => index % 251)], { type: 'application/pdf' });
  const withFile = (tab: Tab, extra: Partial<OutboxItem> = {}) =>
    tab.outbox.add({ ...DRAFTS.accusation, id: crypto.randomUUID(), file: { blob: bigPdf(), name: 'evidence.pdf' }, ...extra });
  const sameBytes = async (id: string) => Buffer.from(await new Blob(tus.uploads.get(id)!.bytes).arrayBuffer()).equals(Buffer.from(await bigPdf().arrayBuffer()));
  /** Like `until`, also running what is due on the fake clock now (tus-js-client resumes after a 0 ms timeout). */
  async function untilTicking(done: () => boolean | Promise<boolean>) {
    return until(async () => {
      vi.advanceTimersByTime(0);
      return done();
    });
  }
  /** The link drops on the given PATCHes (counted from 1), and stays down for the HEAD that follows. */
  function linkDropsOn(...patches: number[]) {
    let patch = 0;
    let down = false;
    tus.next = (method) => {
      if (method === 'PATCH' && patches.includes(++patch)) down = true;
      else if (method === 'HEAD' && down) return 'cut';
      else down = false;
      return down ? 'cut' : undefined;
    };
  }
  const patchOffsets = () => tus.requests.filter((request) => request.method === 'PATCH').map((request) => request.offset! / CHUNKS);

  it('after a cut, the next start (a reload, a restart) goes on from the offset the server acknowledged, not from byte 0', async () => {
    linkDropsOn(3);
    const item = await withFile(tab);
    void tab.flushOutbox();
    await untilTicking(() => tus.requests.length > 0);
    await untilTicking(async () => (await tab.outbox.get(item.id))?.state === 'waiting');
    // Two chunks went before the cut; the HEAD of the immediate resume found the link still down.
    expect(await tab.outbox.get(item.id)).toMatchObject({ attempts: 1, nextAttemptAt: START + 1000, upload: { url: 'http://localhost/uploads/u1', offset: 2 * CHUNKS, size: 4 * CHUNKS } });
    expect(patchOffsets()).toEqual([0, 1, 2]);

    tus.next = () => undefined;
    tus.requests = [];
    const reloaded = await openTab();
    const update = vi.spyOn(reloaded.outbox, 'update');
    await reloaded.resumeOutbox();
    // What the outbox shows meanwhile: the offset the HEAD found, never 0 again.
    expect(update.mock.calls.filter(([, changes]) => 'upload' in changes).map(([, changes]) => changes.upload?.offset)).toEqual([2 * CHUNKS, 4 * CHUNKS]);
    expect(tus.requests.map((request) => request.method)).toEqual(['HEAD', 'PATCH', 'PATCH']);
    expect(patchOffsets()).toEqual([2, 3]);
    expect(await sameBytes('u1')).toBe(true);
    expect(server.received.map((request) => request.fields.attachment_upload)).toEqual(['u1']);
    expect(await reloaded.outbox.get(item.id)).toMatchObject({ state: 'sent', upload: { offset: 4 * CHUNKS } });
    reloaded.outboxDb.close();
  });

  it('keeps the acknowledged offset every 512 KB, not after each chunk: each write puts the item and its file again', async () => {
    const blob = new Blob([new Uint8Array(1024 * 1024)], { type: 'application/pdf' });
    const item = await tab.outbox.add({ ...DRAFTS.accusation, id: crypto.randomUUID(), file: { blob, name: 'big.pdf' } });
    const update = vi.spyOn(tab.outbox, 'update');
    await tab.flushOutbox();
    const kept = update.mock.calls.filter(([, changes]) => 'upload' in changes).map(([, changes]) => changes.upload?.offset);
    expect(kept).toEqual([0, 512 * 1024, 1024 * 1024, 1024 * 1024]);
    expect(tus.requests.filter((request) => request.method === 'PATCH')).toHaveLength((1024 * 1024) / CHUNKS);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent' });
  });

  it('resumes at once inside the attempt while bytes keep moving between cuts', async () => {
    let patch = 0;
    tus.next = (method) => (method === 'PATCH' && [2, 4].includes(++patch) ? 'cut' : undefined);
    const item = await withFile(tab);
    const update = vi.spyOn(tab.outbox, 'update');
    void tab.flushOutbox();
    await untilTicking(async () => (await tab.outbox.get(item.id))?.state === 'sent');

    expect(patchOffsets()).toEqual([0, 1, 1, 2, 2, 3]);
    expect(await sameBytes('u1')).toBe(true);
    // The kept offset is 0 once, when the upload was made; each resume's HEAD keeps the server's, never 0 again.
    const kept = update.mock.calls.filter(([, changes]) => 'upload' in changes).map(([, changes]) => changes.upload?.offset);
    expect(kept.filter((offset) => offset === 0)).toHaveLength(1);
    expect(kept[0]).toBe(0);
  });

  it('starts an upload the server no longer knows again from byte 0, once', async () => {
    const item = await withFile(tab, { upload: { url: 'http://localhost/uploads/expired', offset: 3 * CHUNKS, size: 4 * CHUNKS } });
    await tab.flushOutbox();
    expect(tus.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'HEAD /uploads/expired',
      'POST /uploads/',
      ...['PATCH', 'PATCH', 'PATCH', 'PATCH'].map((method) => `${method} /uploads/u1`),
    ]);
    expect(await sameBytes('u1')).toBe(true);
    // The submission was asked first with the old id (it might have used it), and said it did not know it.
    expect(server.received.map((request) => request.fields.attachment_upload)).toEqual(['expired', 'u1']);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent', upload: { url: 'http://localhost/uploads/u1' } });
  });

  it('after a reply lost once the submission had used the upload, the next start gets the receipt under the same key without uploading again', async () => {
    // The server no longer serves an upload a submission used (HEAD 410); the submission under its key answers its receipt again.
    const item = await withFile(tab, { upload: { url: 'http://localhost/uploads/used', offset: 4 * CHUNKS, size: 4 * CHUNKS } });
    server.answer = (request) =>
      request.fields.attachment_upload === 'used' && request.idempotencyKey === item.id
        ? { status: 201, body: { reference: 'ACC-2019-000042', Message_en: 'Received' } }
        : { status: 404, body: { code: 'uploadUnknown' } };
    await tab.flushOutbox();
    expect(tus.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['HEAD /uploads/used']);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent', receipt: 'ACC-2019-000042' });
  });

  it('uploads again, once, when the submission finds its upload gone, and then takes the refusal', async () => {
    const gone = { code: 'uploadNotFound', Message_en: 'The upload was not found' };
    server.answer = () => ({ status: 404, body: gone });
    const item = await withFile(tab);
    await tab.flushOutbox();
    expect(server.received.map((request) => request.fields.attachment_upload)).toEqual(['u1', 'u2']);
    expect(tus.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'refused', refusal: gone, uploadRestarted: true });
  });

  it('waits for its next attempt, not "sending" for ever, when tus-js-client’s code could not be fetched', async () => {
    vi.doMock('./tus-upload.ts', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const offlineTab = await openTab();
    try {
      const item = await withFile(offlineTab);
      await offlineTab.flushOutbox();
      expect(await offlineTab.outbox.get(item.id)).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: START + 1000 });
      expect([tus.requests, server.received]).toEqual([[], []]);
    } finally {
      vi.doUnmock('./tus-upload.ts');
      offlineTab.outboxDb.close();
    }
  });

  it('does not stay "sending" on a connection gone silent: after 20 s without a byte it waits for its next attempt', async () => {
    tus.next = (method) => (method === 'PATCH' ? 'stall' : undefined);
    const item = await withFile(tab);
    void tab.flushOutbox();
    await until(async () => (await tab.outbox.get(item.id))?.state === 'sending' && tus.requests.length === 2);
    vi.advanceTimersByTime(19_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await tab.outbox.get(item.id))?.state).toBe('sending');
    vi.advanceTimersByTime(1);
    await until(async () => (await tab.outbox.get(item.id))?.state === 'waiting');
    expect(await tab.outbox.get(item.id)).toMatchObject({ attempts: 1, nextAttemptAt: START + 21_000 });
  });

  it('when the network returns, an upload hanging on the old connection starts again at once, without waiting for the clock', async () => {
    let stalled = true;
    tus.next = (method) => (method === 'PATCH' && stalled ? 'stall' : undefined);
    const item = await withFile(tab);
    const flushed = tab.flushOutbox();
    await until(async () => (await tab.outbox.get(item.id))?.state === 'sending' && tus.requests.length === 2);
    stalled = false;
    tab.onNetworkReturned();
    await flushed;
    expect(await tab.outbox.get(item.id)).toMatchObject({ state: 'sent', receipt: 'ACC-2019-000042' });
    expect(Date.now()).toBe(START);
  });

  it('after a cut that moved bytes, tries again after the first step, not the doubled wait its failures had reached', async () => {
    linkDropsOn(2);
    const item = await withFile(tab, { attempts: 6 });
    void tab.flushOutbox();
    await untilTicking(() => tus.requests.length > 0);
    // Done once the failure is stored and the next attempt is on the clock.
    await untilTicking(async () => (await tab.outbox.get(item.id))?.state === 'waiting' && vi.getTimerCount() === 1);
    expect(await tab.outbox.get(item.id)).toMatchObject({ attempts: 1, nextAttemptAt: START + 1000, upload: { offset: 1 * CHUNKS } });
    tus.next = () => undefined;
    vi.advanceTimersByTime(1000);
    await until(async () => (await tab.outbox.get(item.id))?.state === 'sent');
    expect(await sameBytes('u1')).toBe(true);
  });
});
