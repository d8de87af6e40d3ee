import { Upload, type HttpResponse } from 'tus-js-client';

/**
 * An outbox item's attachment sent by tus 1.0.0 to `/uploads/` (issue 27). This module is
 * imported by the sender only when an item has a file, so tus-js-client (~17 KB gzip) is
 * its own chunk and the first page's JavaScript does not grow.
 */

/** The tus endpoint, absolute: tus-js-client resolves the server's Location against it. */
const uploadsEndpoint = () => new URL('/uploads/', globalThis.location?.origin ?? 'http://localhost').href;

/**
 * 64 KB a PATCH, sized by the ceiling: at most 1.2 × the file sent in all. A cut costs
 * about one chunk: the server keeps what arrived, but Chromium sends a request cut on a reused
 * connection again, whole, on a new one, and the server refuses that copy (409, the offset has
 * moved) after it came. A link that drops every ~600 KB (a half minute at weak 3G) cuts a 5 MB
 * file ~9 times, so the 1 MB of slack allows ~110 KB a cut: 256 KB chunks measured 1.4 × in
 * tests/e2e/resumable-uploads.test.ts, 64 KB stays under 1.2 ×. Each PATCH adds ~0.5 KB of
 * headers (under 1 %) and a round trip.
 */
export const CHUNK_SIZE = 64 * 1024;

/**
 * No byte moving for this long means the connection is dead without having said so (a
 * mobile link that went silent): the attempt is given up so the item does not stay
 * "sending", and the outbox tries again.
 */
export const STALL_MS = 20_000;

/** Where an upload stands, kept with the outbox item so a reload or a restart resumes it. */
export interface UploadState {
  url: string;
  /** Bytes the server has acknowledged. */
  offset: number;
  size: number;
}

export type TusOutcome =
  | { kind: 'done'; id: string; url: string }
  /** The server refused the file (4xx other than a lock or an offset clash): the body it gave. */
  | { kind: 'refused'; status: number; body: unknown }
  /** The connection failed; `progressed` when the server acknowledged bytes during the attempt. */
  | { kind: 'retry'; progressed: boolean };

export interface TusHandle {
  done: Promise<TusOutcome>;
  /** Gives up the attempt now (the network returned, or the page asks): it ends as a retry. */
  abort(): void;
}

/** The upload id the submission names: the last segment of the Location the server gave. */
export const uploadIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').filter(Boolean).pop() ?? '';

function bodyOf(response: HttpResponse | undefined): unknown {
  try {
    return JSON.parse(response?.getBody() ?? '');
  } catch {
    return undefined;
  }
}

/**
 * Sends `blob`, resuming at the server's acknowledged offset (HEAD) when `previous` names an
 * upload; one the server no longer knows ends as refused with its 404/410. Cuts are resumed at once inside the attempt as long as bytes move
 * (tus-js-client resets its retry count on progress); when they do not, the attempt ends and
 * the outbox's backoff takes over.
 */
export function sendByTus(
  blob: Blob,
  name: string,
  previous: UploadState | undefined,
  on: {
    url(state: UploadState): void;
    /** The server's offset as a HEAD found it, on resuming. */
    resumed(state: UploadState): void;
    acknowledged(state: UploadState): void;
    progress(sent: number, total: number): void;
  },
): TusHandle {
  let settle: (outcome: TusOutcome) => void = () => {};
  const done = new Promise<TusOutcome>((resolve) => (settle = resolve));
  let stall: ReturnType<typeof setTimeout> | undefined;
  let progressed = false;
  let finished = false;
  let announced = false;
  const finish = (outcome: TusOutcome) => {
    if (finished) return;
    finished = true;
    clearTimeout(stall);
    settle(outcome);
  };
  const giveUp = () => {
    void upload.abort().catch(() => {});
    finish({ kind: 'retry', progressed });
  };
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(giveUp, STALL_MS);
  };
  const upload = new Upload(blob, {
    // Resuming, no endpoint: an upload the server no longer knows (404/410 to the HEAD) ends the
    // attempt instead of tus-js-client quietly starting another; the sender asks the submission,
    // which may have used it already under this very key (a reply lost in a cut), and else starts
    // a new upload, once.
    endpoint: previous ? null : uploadsEndpoint(),
    uploadUrl: previous?.url ?? null,
    chunkSize: CHUNK_SIZE,
    // One immediate resume after a cut (HEAD, then on from the server's offset), reset each
    // time bytes were acknowledged; the outbox's own backoff does the waiting.
    retryDelays: [0],
    metadata: { filename: name, filetype: blob.type || 'application/pdf' },
    // The outbox item keeps the upload's URL (IndexedDB), not tus-js-client's localStorage.
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: false,
    onUploadUrlAvailable() {
      // Called after each resuming HEAD too, a cut inside this attempt included: only the upload
      // this attempt created is new, at offset 0; a resumed one's offset comes from onAfterResponse
      // (announcing it again at 0 had put the kept offset back to 0 after every cut).
      if (announced || !upload.url || upload.url === previous?.url) return;
      announced = true;
      on.url({ url: upload.url, offset: 0, size: blob.size });
    },
    onAfterResponse(request, response) {
      const offset = Number(response.getHeader('Upload-Offset'));
      if (request.getMethod() === 'HEAD' && response.getStatus() === 200 && Number.isFinite(offset)) on.resumed({ url: request.getURL(), offset, size: blob.size });
    },
    onProgress(sent, total) {
      watch();
      on.progress(sent, total);
    },
    onChunkComplete(_chunk, accepted, total) {
      progressed = true;
      if (upload.url) on.acknowledged({ url: upload.url, offset: accepted, size: total });
    },
    onSuccess() {
      const url = upload.url ?? '';
      finish({ kind: 'done', id: uploadIdOf(url), url });
    },
    onError(error) {
      const response = 'originalResponse' in error ? error.originalResponse ?? undefined : undefined;
      const status = response?.getStatus() ?? 0;
      if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429 && status !== 408) {
        finish({ kind: 'refused', status, body: bodyOf(response) });
      } else finish({ kind: 'retry', progressed });
    },
  });
  watch();
  upload.start();
  return { done, abort: giveUp };
}
