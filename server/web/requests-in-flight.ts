import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Makes `app.close()` wait for every request that had started, not only for the open
 * connections. Fastify's close waits until its connections end, but a client that left
 * (a load test stopping, a phone losing signal) ends its connection while its request
 * still runs; main.ts then closed the database under it ("Cannot use a pool after calling
 * end on the pool", issue 13's bench). A request counts until both its reply was handed
 * over (onSend: the handler is done) and its response closed (sent, or its client gone:
 * a file streamed from the database reads until then).
 *
 * Register it first: onClose hooks run last-registered first, so this one runs last,
 * after the listener closed (no new request can start) and right before close resolves.
 */
export function closeAfterRequestsInFlight(app: FastifyInstance) {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const handlerDone = new WeakMap<FastifyRequest, () => void>();

  app.addHook('onRequest', (request, reply, next) => {
    inFlight++;
    let steps = 2;
    const step = () => {
      if (--steps === 0 && --inFlight === 0) drained?.();
    };
    handlerDone.set(request, step);
    reply.raw.once('close', step);
    next();
  });

  // An error's reply passes here a second time; the handler is counted done once.
  app.addHook('onSend', (request, _reply, payload, next) => {
    handlerDone.get(request)?.();
    handlerDone.delete(request);
    next(null, payload);
  });

  app.addHook('onClose', async () => {
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => (drained = resolve));
  });
}
