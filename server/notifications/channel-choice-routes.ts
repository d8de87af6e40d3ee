import type { FastifyPluginAsync } from 'fastify';
import type { Sessions } from '../auth/sessions.ts';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { ChannelChoiceService } from './channel-choice-service.ts';

/** Issue 26: the signed-in customer reads and chooses the channels the notices of their cases go by. */
export const channelChoiceRoutes: FastifyPluginAsync<{ service: ChannelChoiceService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);
  route(calls.getNoticeChannels, (request) => service.choiceOf(request.session.id));
  route(calls.saveNoticeChannels, (request) => service.save(request.session.id, request.body));
};
