import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import { LICENCE, PERFORMANCE_CACHE_SECONDS, type PerformanceService } from './service.ts';

/** A cached public body: Cache-Control, its ETag (If-None-Match answers 304) and the licence as a Link. */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: string, etag: string, type: string) {
  reply
    .header('Cache-Control', `public, max-age=${PERFORMANCE_CACHE_SECONDS}`)
    .header('ETag', etag)
    .header('Link', `<${LICENCE.url}>; rel="license"`);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

/** Issue 28's open data: the public performance figures as JSON and CSV. */
export const performanceRoutes: FastifyPluginAsync<{ service: PerformanceService }> = async (app, { service }) => {
  const route = callRoutes(app);
  route(calls.getPerformanceData, async (request, reply) => {
    const published = await service.published();
    return sendCached(request, reply, published.json, published.jsonEtag, 'application/json; charset=utf-8');
  });
  route(calls.getPerformanceCsv, async (request, reply) => {
    const published = await service.published();
    return sendCached(request, reply, published.csv, published.csvEtag, 'text/csv; charset=utf-8; header=present');
  });
};
