import { blocking, waitSeconds } from '../app/blocking.ts';
import { httpStatus, uploadForm, UploadError, type UploadCallName } from '../app/http.ts';
import { session } from '../app/session.ts';
import type { ErrorBody, Messages } from '../../server/contract/common.ts';
import { backoffDelay, classifyAnswer, type SendOutcome } from './backoff.ts';
import { outbox, type OutboxItem, type OutboxKind } from './outbox.ts';

type Sendable = Pick<OutboxItem, 'id' | 'kind' | 'fields' | 'file' | 'summary' | 'caseId' | 'upload' | 'uploadRestarted'>;

/**
 * Where each kind goes and its receipt (SPEC section 7), read from the server's answer: only an
 * answer of the expected shape counts as sent. An answer to a request for information (issue 25)
 * names no number of its own: the case it went to, back in `ongoing`, is its receipt.
 */
const KINDS: Record<OutboxKind, { call: UploadCallName; receipt: (body: Record<string, unknown>, item: Sendable) => unknown; needsSession: boolean }> = {
  accusation: { call: 'createAccusation', receipt: (body) => body.reference, needsSession: false },
  case: { call: 'createCase', receipt: (body) => body.case_number, needsSession: true },
  answer: { call: 'answerInformationRequest', receipt: (body, item) => body.status === 'ongoing' && item.summary, needsSession: true },
};

function formOf(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** An attempt's outcome; `progressed` when the server acknowledged some of the attachment's bytes meanwhile. */
type Attempt = { outcome: SendOutcome; body: unknown; progressed?: boolean };

/** The attempt under way in this tab, so the network's return can cut a connection that went silent. */
let inFlight: { id: string; abort(): void } | undefined;
let networkReturned = false;

/**
 * The connection came back: an upload still "sending" over the old one is given up and
 * started again at once (from the server's offset), rather than waiting on a dead socket.
 */
export function onNetworkReturned() {
  if (!inFlight) return;
  networkReturned = true;
  inFlight.abort();
}
globalThis.addEventListener?.('online', onNetworkReturned);

/**
 * tus-js-client's chunk (~16 KB gzip) is not in the first page's JavaScript: it is fetched once
 * the sender itself is (a form page, or an outbox that holds something), right away, so a form
 * sent after the link dropped still has it (the service worker precaches it too).
 */
const tusUpload = import('./tus-upload.ts');
tusUpload.catch(() => {});

/** How often an upload's acknowledged offset is written to the item while it goes. */
const KEEP_OFFSET_EVERY = 512 * 1024;

/** An answer to the submission saying its upload is unknown, expired or already used. */
const uploadGone = (status: number | undefined) => status === 404 || status === 410;

/**
 * Issue 27: the attachment goes first, by tus, resuming where the server stopped (the upload's
 * URL and acknowledged offset are kept with the item); the submission then names the finished
 * upload (`attachment_upload`) instead of carrying the file.
 */
async function sendAttachment(item: Sendable & { file: NonNullable<OutboxItem['file']> }, onProgress: (fraction: number) => void) {
  const { sendByTus, uploadIdOf } = await tusUpload;
  const keep = (upload: OutboxItem['upload']) => outbox.update(item.id, { upload });
  const previous = item.upload;
  // Each write puts the whole item again, its file with it: the offset is kept every 512 KB and
  // when the attempt ends, not after each 64 KB chunk. A restart finds the true offset by HEAD.
  let written = previous?.offset ?? 0;
  let acknowledged: OutboxItem['upload'];
  const handle = sendByTus(item.file.blob, item.file.name, previous, {
    url: (state) => void keep(state),
    resumed(state) {
      written = state.offset;
      void keep(state);
    },
    acknowledged(state) {
      acknowledged = state;
      if (state.offset - written < KEEP_OFFSET_EVERY) return;
      written = state.offset;
      void keep(state);
    },
    progress: (sent, total) => onProgress(total ? sent / total : 0),
  });
  inFlight = { id: item.id, abort: handle.abort };
  const outcome = await handle.done.finally(() => (inFlight = undefined));
  if (outcome.kind === 'retry' && acknowledged && acknowledged.offset > written) await keep(acknowledged);
  if (outcome.kind === 'done') await keep({ url: outcome.url, offset: item.file.blob.size, size: item.file.blob.size });
  // An upload the server no longer knows: the submission may have used it under this very key
  // (its reply lost in a cut), so it is asked with that id; if not, it answers 404/410 and the
  // attempt starts a new upload, once.
  if (outcome.kind === 'refused' && uploadGone(outcome.status) && previous) return { kind: 'done' as const, id: uploadIdOf(previous.url), url: previous.url };
  return outcome;
}

/** One attempt at sending, keyed by the item's id so a repeat stores nothing new. */
async function attempt(item: Sendable, onProgress: (fraction: number) => void = () => {}): Promise<Attempt> {
  const kind = KINDS[item.kind];
  const receiptOf = (body: Record<string, unknown>) => kind.receipt(body, item);
  const params = item.caseId ? { id: item.caseId } : undefined;
  let fields = item.fields;
  if (item.file) {
    // Its code not fetched (the link was down when the page loaded) is a failed attempt, not a stuck one.
    const sent = await sendAttachment({ ...item, file: item.file }, onProgress).catch(() => ({ kind: 'retry' as const, progressed: false }));
    if (sent.kind === 'retry') return { outcome: { kind: 'retry' }, body: undefined, progressed: sent.progressed };
    if (sent.kind === 'refused') return { outcome: classifyAnswer(sent.status, sent.body, receiptOf), body: sent.body };
    fields = { ...fields, attachment_upload: sent.id };
  }
  try {
    const body: unknown = await uploadForm(kind.call, formOf(fields), item.file ? () => {} : onProgress, { idempotencyKey: item.id, quiet: true, params });
    return { outcome: classifyAnswer(201, body, receiptOf), body };
  } catch (error) {
    const body = error instanceof UploadError ? error.data : undefined;
    const status = httpStatus(error);
    // The server no longer knows the finished upload (expired before the submission went): send the file again, once.
    if (item.file && uploadGone(status) && !item.uploadRestarted) {
      await outbox.update(item.id, { upload: undefined, uploadRestarted: true });
      return attempt({ ...item, upload: undefined, uploadRestarted: true }, onProgress);
    }
    return { outcome: classifyAnswer(status, body, receiptOf), body };
  }
}

/** What a form hands to the outbox: the item before it has an id and a state. */
export type OutboxDraft = Pick<OutboxItem, 'kind' | 'fields' | 'file' | 'summary' | 'ownerId' | 'caseId'>;

export type SubmitResult =
  | { kind: 'sent'; receipt: string; body: Messages }
  | { kind: 'queued'; item: OutboxItem }
  | { kind: 'refused'; body: unknown; status?: number };

/**
 * A form's submit. The submission is written to the outbox first, with its attachment,
 * so closing the tab during an upload loses nothing: the next start sends it again under
 * the same key. Online, it is sent at once; if the server cannot be reached
 * (offline, network error, timeout, 5xx) it waits in the outbox and goes when the
 * connection returns. A refusal comes back to the form, which keeps the person's text,
 * and leaves the outbox.
 */
export async function submitThroughOutbox(draft: OutboxDraft, onProgress?: (fraction: number) => void): Promise<SubmitResult> {
  const id = crypto.randomUUID();
  if (!navigator.onLine) return queue(await outbox.add({ ...draft, id }));
  const item = await outbox.add({ ...draft, id, state: 'sending' });
  const { outcome, body } = await attempt(item, onProgress);
  switch (outcome.kind) {
    case 'sent':
      await outbox.update(id, { state: 'sent', receipt: outcome.receipt, sentAt: Date.now() });
      return { kind: 'sent', receipt: outcome.receipt, body: body as Messages };
    case 'refused':
      await outbox.remove(id);
      return { kind: 'refused', body };
    case 'needs-sign-in':
      await outbox.remove(id);
      session.expired();
      return { kind: 'refused', body, status: 401 };
    case 'retry': {
      // A 429 right at the form still shows the wait (SPEC section 8), as long as the server asks, and the item waits.
      const refusal = body as Partial<ErrorBody> | null | undefined; // a code and the wait, when the server refused
      if (refusal?.code === 'tooManyRequests') blocking.rateLimited(waitSeconds(refusal.retry_after));
      return queue(item);
    }
  }
}

/** Leaves an item waiting for its next attempt, and asks to be woken for it. */
async function queue(item: OutboxItem): Promise<SubmitResult> {
  const waiting = { ...item, state: 'waiting' as const, attempts: 1, nextAttemptAt: Date.now() + (networkReturned ? 0 : backoffDelay(1)) };
  networkReturned = false;
  await outbox.update(item.id, { state: waiting.state, attempts: waiting.attempts, nextAttemptAt: waiting.nextAttemptAt });
  void requestBackgroundSync();
  scheduleFlush(waiting.nextAttemptAt - Date.now());
  return { kind: 'queued', item: waiting };
}

async function requestBackgroundSync() {
  const registration = (await navigator.serviceWorker?.getRegistration()) as
    | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
    | undefined;
  await registration?.sync?.register('outbox').catch(() => {});
}

async function sendOne(item: OutboxItem) {
  const kind = KINDS[item.kind];
  const current = session.get();
  if (kind.needsSession && (!current || current.customerId !== item.ownerId)) {
    await outbox.update(item.id, { state: 'needs-sign-in' });
    return;
  }
  await outbox.update(item.id, { state: 'sending' });
  const { outcome, progressed } = await attempt(item);
  switch (outcome.kind) {
    case 'sent':
      await outbox.update(item.id, { state: 'sent', receipt: outcome.receipt, sentAt: Date.now(), refusal: undefined });
      break;
    case 'refused':
      await outbox.update(item.id, { state: 'refused', refusal: outcome.body as Messages });
      break;
    case 'needs-sign-in':
      await outbox.update(item.id, { state: 'needs-sign-in' });
      break;
    case 'retry': {
      // An attempt that moved bytes shows the link works between its drops: the next one comes
      // after the first step, not a doubled wait; one the network's return cut short, at once.
      const attempts = progressed ? 1 : item.attempts + 1;
      const wait = networkReturned ? 0 : backoffDelay(attempts);
      networkReturned = false;
      await outbox.update(item.id, { state: 'waiting', attempts, nextAttemptAt: Date.now() + wait });
      void requestBackgroundSync();
    }
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
function scheduleFlush(delay: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void flushOutbox(), Math.max(0, delay));
}

/**
 * Sends what is due, one item at a time and one tab at a time (Web Locks), then sleeps
 * until the next item is due. Items stay until the server has them: nothing expires.
 */
export async function flushOutbox(): Promise<void> {
  if (!navigator.onLine) return;
  const run = async () => {
    for (;;) {
      const due = (await outbox.all()).find((item) => item.state === 'waiting' && item.nextAttemptAt <= Date.now());
      if (!due) break;
      await sendOne(due);
    }
  };
  if (navigator.locks) await navigator.locks.request('portal-outbox-sender', run);
  else await run();
  const next = (await outbox.all()).filter((item) => item.state === 'waiting').map((item) => item.nextAttemptAt);
  if (next.length) scheduleFlush(Math.min(...next) - Date.now());
}

/** Sends an item again now: after a refusal was fixed elsewhere, or on the person's "retry". */
export async function retryNow(id: string) {
  await outbox.update(id, { state: 'waiting', nextAttemptAt: Date.now() });
  await flushOutbox();
}

/**
 * At start, after a sign-in and when the connection returns: items a closed page left
 * "sending" go back to waiting (their key makes a resend harmless), and case
 * applications waiting for their owner's sign-in go if that owner is now signed in.
 */
export async function resumeOutbox() {
  const customerId = session.get()?.customerId;
  for (const item of await outbox.all()) {
    if (item.state === 'sending') await outbox.update(item.id, { state: 'waiting', nextAttemptAt: Date.now() });
    if (item.state === 'needs-sign-in' && customerId && item.ownerId === customerId) {
      await outbox.update(item.id, { state: 'waiting', nextAttemptAt: Date.now() });
    }
    // A network failure before the page closed should not make the next start wait long.
    if (item.state === 'waiting' && item.nextAttemptAt > Date.now()) await outbox.update(item.id, { nextAttemptAt: Date.now() });
  }
  await outbox.forgetOldSent();
  await flushOutbox();
}
