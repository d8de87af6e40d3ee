import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { notFound } from '../errors/api-error.ts';
import { CONTENT_TYPES, type FileStorage } from './storage.ts';

/** A case PDF the cases feature decided this request may read. */
export interface CaseFile {
  body: Buffer | Readable;
  size: number;
  /** The name a browser saves it under. */
  downloadName: string;
  /** Uploaded by a person (not drawn by the server): it also gets a sandboxing CSP. */
  uploaded: boolean;
}

/** Finds the PDF behind a CaseFiles name for this request; undefined (or a 404 ApiError) when there is none for them. */
export type CaseFileResolver = (file: string, request: FastifyRequest) => Promise<CaseFile | undefined>;

interface Options {
  storage: FileStorage;
  caseFiles?: CaseFileResolver;
}

/**
 * SPEC section 7: pictures and case PDFs load from media paths on the API host. Stored
 * names are random UUIDs made by the server, so a path cannot be guessed; each answer
 * forbids sniffing and running anything. Who may read a case PDF is the cases feature's
 * decision; how it is sent is decided here, once.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { storage, caseFiles }) => {
  app.get('/media/customer-images/:file', {
    schema: { params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const file = await storage.open('customer-images', request.params.file);
    const type = CONTENT_TYPES[request.params.file.split('.').pop() ?? ''];
    if (!file || !type?.startsWith('image/')) throw notFound();
    return reply
      .header('Content-Type', type)
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=86400')
      .send(file.stream);
  });

  app.get('/media/CaseFiles/:file', {
    schema: { params: Type.Object({ file: Type.String({ maxLength: 100 }) }) },
  }, async (request, reply) => {
    const file = caseFiles ? await caseFiles(request.params.file, request) : undefined;
    if (!file) throw notFound();
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', file.size)
      .header('Content-Disposition', `inline; filename="${file.downloadName.replace(/[^\w.-]/g, '_')}"`)
      .header('X-Content-Type-Options', 'nosniff')
      // Personal documents: never kept by a shared cache or the browser's.
      .header('Cache-Control', 'private, no-store');
    if (file.uploaded) reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return reply.send(file.body);
  });
};
