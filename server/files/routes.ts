import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../errors/api-error.ts';
import { CONTENT_TYPES, type FileStorage } from './storage.ts';

/**
 * SPEC section 7: customer pictures load from a media path on the API host (an <img>
 * sends no token). Their names are random UUIDs made by the server, so a path cannot be
 * guessed; each answer forbids sniffing and running anything.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get('/media/customer-images/:file', {
    schema: { params: Type.Object({ file: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const file = storage.open('customer-images', request.params.file);
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
};
