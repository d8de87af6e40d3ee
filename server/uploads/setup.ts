import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server, ERRORS } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { Database } from '../db/database.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import { messageBody } from '../errors/messages.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { pdfKind } from '../files/storage.ts';
import { repeatEvery } from '../web/repeat-every.ts';
import { DatabaseLocker } from './locker.ts';
import { DatabaseStore, RegisteredStore, UPLOAD_ID, type UploadRows } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes uploads made 7 days ago or more, state and bytes, as the timer does (tests call it); how many. */
    sweepUploads: () => Promise<number>;
  }
}

/** Where the embedded database keeps uploads under way: DATA_DIR/uploads. */
export const uploadFolder = (dataDir: string) => path.join(dataDir, 'uploads');

/** How often each instance sweeps abandoned uploads. */
const SWEEP_MS = 60 * 60 * 1000;

interface Options {
  db: Database;
  store: RegisteredStore;
  /** Making an upload is open to anyone: counted per address as the anonymous forms are. */
  creationLimit: ReturnType<GuessLimit>;
}

/**
 * A request's body as a web stream that ends, rather than fails, when the client's connection
 * is cut: every byte that arrived is written and kept, and the client resumes after it (as
 * @tus/server does with a Node request). Reading pauses while the store is behind.
 */
function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let ended = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        if (ended) return;
        ended = true;
        controller.close();
      };
      raw.on('data', (chunk: Buffer) => {
        if (ended) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) raw.pause();
      });
      raw.once('end', end);
      raw.once('close', end);
      raw.once('error', end);
    },
    pull() {
      raw.resume();
    },
    cancel() {
      ended = true;
      raw.resume();
    },
  }, { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength });
}

/** A tus refusal's body: the app's six-language message as JSON (tus-js-client hands it to the page). */
const refusal = (status_code: number, key: Parameters<typeof messageBody>[0]) => ({ status_code, body: JSON.stringify(messageBody(key)) });

/**
 * Where uploads are kept: the embedded database's in its data folder (@tus/file-store);
 * PostgreSQL's state and bytes in the database, so every instance continues any upload.
 * The row of each (RegisteredStore) is in the database either way.
 */
export function uploadStoreFor(db: Database, dataDir: string, rows: UploadRows, clock: () => number) {
  const inner = db.kind === 'postgres' ? new DatabaseStore(db) : new FileStore({ directory: uploadFolder(dataDir) });
  return new RegisteredStore(inner, rows, clock);
}

/**
 * Issue 27: resumable uploads by tus 1.0.0 at /uploads/ (creation, termination, expiration),
 * for the attachments the four upload forms take by `attachment_upload`. No sign-in (an
 * accusation is anonymous); an upload is at most the attachments' maximum and must be a PDF
 * once finished (otherwise it is removed). The embedded database keeps uploads in its data
 * folder (@tus/file-store); PostgreSQL keeps their state and bytes, and their locks, in the
 * database, so every instance continues any upload.
 */
export async function setUpUploads(app: FastifyInstance, { db, creationLimit, store }: Options) {
  const pdf = pdfKind(ATTACHMENT_MAX_BYTES);
  // PostgreSQL: the lock every instance sees; the embedded database is one process, whose memory lock serves.
  const locker = db.kind === 'postgres' ? new DatabaseLocker(db) : undefined;
  const tus = new Server({
    path: '/uploads',
    datastore: store,
    ...(locker ? { locker } : {}),
    maxSize: ATTACHMENT_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no Access-Control-Allow-Origin for anyone.
    allowedOrigins: () => false,
    // A request that takes an upload over lets the old one finish its last piece this long.
    lockDrainTimeout: 300,
    // The id is the tus default's 128 random bits; anything else is not ours.
    getFileIdFromRequest: (_request, id) => (id && UPLOAD_ID.test(id) ? id : undefined),
    async onUploadFinish(_request, upload) {
      if (!(await store.finish(upload.id, (head) => pdf.detect(head) !== undefined))) throw refusal(415, 'attachmentInvalid');
      return {};
    },
    onResponseError(_request, error) {
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return { status_code: 423, body: 'Another request is writing this upload\n' };
      if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED || error === ERRORS.ERR_SIZE_EXCEEDED) return refusal(413, 'attachmentTooLarge');
      if ('status_code' in error) return undefined;
      app.log.error({ err: error }, 'a resumable upload failed');
      return undefined;
    },
  });

  // PATCH bodies (and a POST's first bytes) are the upload itself: tus reads them, Fastify must not.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  // tus answers a web Request with a web Response; Fastify sends it, so its hooks (security
  // headers, the requests-in-flight count a shutdown waits for) see these requests too.
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = ['POST', 'PATCH'].includes(request.method) ? bodyOf(request.raw) : null;
    const response = await tus.handleWeb(new Request(new URL(request.url, 'http://portal.local'), {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body,
      ...(body ? { duplex: 'half' } : {}),
    } as RequestInit));
    reply.code(response.status);
    for (const [name, value] of response.headers) if (name !== 'content-length') reply.header(name, value);
    return reply.send(response.status === 204 || request.method === 'HEAD' ? undefined : await response.text());
  };

  // Untagged, so not operations of the API document (those are the contract's calls); the
  // 'uploads' tag there describes this endpoint. GET is not offered: nobody reads an upload back.
  app.post('/uploads/', { preHandler: creationLimit }, handle);
  app.options('/uploads/', handle);
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) app.route({ method, url: '/uploads/:id', handler: handle });

  const sweep = async () => {
    const removed = await store.deleteExpired();
    await locker?.removeStale();
    return removed;
  };
  app.decorate('sweepUploads', sweep);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => void (stop = repeatEvery(SWEEP_MS, sweep, (error) => app.log.error(`the uploads' sweep failed: ${error.message}`))));
  app.addHook('onClose', async () => stop?.());
}
