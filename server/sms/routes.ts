import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { calls } from '../contract/calls.ts';
import { ApiError } from '../errors/api-error.ts';
import { checkPhone } from '../phones/phone-number.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { SmsService } from './service.ts';

interface Options {
  service: SmsService;
  /** SMS_WEBHOOK_SECRET; empty refuses every call. */
  webhookSecret: string;
  /** The web status check's limits: an SMS sender's lookups are counted per number with its window. */
  lookupLimit: { max: number; windowMs: number };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The gateway proves itself with the shared secret: compared in constant time (as digests,
 * so the length of the configured one leaks nothing either). Missing: 401; wrong, or none
 * configured: 403.
 */
function requireSecret(secret: string) {
  return async (request: FastifyRequest) => {
    const sent = request.headers['x-webhook-secret'];
    if (typeof sent !== 'string' || sent === '') throw new ApiError(401, 'webhookSecretInvalid');
    if (!secret || !timingSafeEqual(digest(sent), digest(secret))) throw new ApiError(403, 'webhookSecretInvalid');
  };
}

/** The SMS gateway's webhooks (issue 26): the messages customers send to the portal's number, and delivery receipts. */
export const smsRoutes: FastifyPluginAsync<Options> = async (app, { service, webhookSecret, lookupLimit }) => {
  // Gateways post forms as often as JSON; only these routes take them (this plugin's scope).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const route = callRoutes(app);
  const secret = requireSecret(webhookSecret);
  // The sender in its one form (+251…), whatever way the gateway writes it; a 400 on `from` otherwise.
  const senderOf = (request: FastifyRequest) => checkPhone(String((request.body as { from?: unknown }).from ?? ''), 'from');
  // Per sender number, as the web check counts per address: one phone cannot walk the case numbers.
  const limit = app.createRateLimit({ max: lookupLimit.max, timeWindow: lookupLimit.windowMs, keyGenerator: (request) => `sms-lookup:${senderOf(request)}` });

  route(calls.smsInbound, async (request) => {
    const withinLimit = async () => {
      const count = await limit(request);
      return count.isAllowed || !count.isExceeded;
    };
    return { answer: await service.inbound(senderOf(request), request.body.text, withinLimit) };
  }, { preHandler: secret });

  route(calls.smsDelivery, async (request) => {
    const { id, message_id, messageId, status, state } = request.body;
    return { updated: await service.receipt({ id: id ?? message_id ?? messageId, status: status ?? state }) };
  }, { preHandler: secret });
};
