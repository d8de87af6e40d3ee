import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { requestLanguage } from '../mail/language.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { StaffAdminService } from './staff-users-service.ts';

/** Staff users, administered, and the public page's call that sets a password from a mailed link. */
export const staffAdminRoutes: FastifyPluginAsync<{ service: StaffAdminService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);

  route(calls.adminListStaff, async () => ({ staff: await service.list() }));

  route(calls.adminSaveStaff, async (request) => {
    const { staff, passwordLinkSent } = await service.save(request.session, request.body, requestLanguage(request));
    return { ...messageBody(passwordLinkSent ? 'staffSavedLinkSent' : 'staffSaved'), staff, password_link_sent: passwordLinkSent };
  });

  route(calls.staffSetPassword, async (request) => {
    await service.setPassword(request.params.id, request.params.token, request.body.password, requestLanguage(request));
    return messageBody('staffPasswordSet');
  });
};
