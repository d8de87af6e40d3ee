import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { AuditService } from './audit-service.ts';

/** The audit log, read: every staff and admin action, filterable, never editable. */
export const auditRoutes: FastifyPluginAsync<{ service: AuditService; sessions: Sessions }> = async (app, { service, sessions }) => {
  callRoutes(app, sessions)(calls.auditLog, (request) => service.page(request.session, request.query));
};
