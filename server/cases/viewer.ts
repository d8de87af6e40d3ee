import type { FastifyRequest } from 'fastify';
import type { Sessions } from '../auth/sessions.ts';

/**
 * Who is asking, on calls a visitor may make too (status check, print, media): the customer
 * id of a live session, or undefined. A stale or foreign token is treated as no token, so a
 * visitor whose session ended still gets the public answer rather than an error.
 */
export function createViewer(sessions: Sessions) {
  const requireCustomer = sessions.require('customer');
  return async (request: FastifyRequest): Promise<string | undefined> => {
    if (!request.headers.authorization) return undefined;
    try {
      await requireCustomer(request);
      return request.session?.id;
    } catch {
      return undefined;
    }
  };
}
export type Viewer = ReturnType<typeof createViewer>;
