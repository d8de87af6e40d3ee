import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { MyDataService } from './service.ts';

/** Issue 28: the signed-in customer's own data, to download as JSON or as a PDF. */
export const myDataRoutes: FastifyPluginAsync<{ service: MyDataService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);
  // A person's whole record: a download, never kept by a shared cache or the browser's.
  const download = (name: string) => ({ 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' });

  route(calls.exportMyData, async (request, reply) =>
    reply.headers({ ...download('my-data.json'), 'Content-Type': 'application/json; charset=utf-8' })
      .send(JSON.stringify(await service.exportJson(request.session.id), null, 2)));

  route(calls.exportMyDataPdf, async (request, reply) =>
    reply.headers({ ...download('my-data.pdf'), 'Content-Type': 'application/pdf' })
      .send(await service.exportPdf(request.session.id, request.query.language)));
};
