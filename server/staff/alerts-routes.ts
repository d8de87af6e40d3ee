import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import { requestLanguage } from '../mail/language.ts';
import type { AlertService } from './alerts-service.ts';

/** Who is signed in, and their alerts: every staff role, each only their own (the session says whose). */
export const alertRoutes: FastifyPluginAsync<{ service: AlertService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);

  route(calls.staffWhoAmI, (request) => service.me(request.session));
  route(calls.staffListAlerts, (request) => service.list(request.session));
  route(calls.staffMarkAlertsRead, (request) => service.markRead(request.session, request.body.ids));
  // The e-mails go in the language the person set this in.
  route(calls.staffSaveAlertSettings, (request) => service.saveSettings(request.session, request.body.mail, requestLanguage(request)));
};
