import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { calls, type CallName } from '../contract/calls.ts';
import type { FormSpec } from '../contract/call.ts';
import { ErrorBody, Messages } from '../contract/common.ts';

/** Schemas many calls answer with: named once in components and referenced (README "API document"). */
const SHARED = { ErrorBody, Messages } as const;

const TAGS = [
  ['accounts', 'Customers: registration, e-mail verification, sign-in, password reset, their own record.'],
  ['organisation', 'Divisions, directorates and teams.'],
  ['case requests', 'What a customer can apply for, and its questions.'],
  ['cases', "A customer's cases; the public status check and printouts."],
  ['ratings', "A customer's rating of a verified case."],
  ['accusations', 'Filing an accusation (anyone) and following it by its reference.'],
  ['staff', "The corporation's staff frame: one sign-in and sign-out for every staff role (and the acceptors' own, from SPEC section 7)."],
  ['casework', 'Officers and managers: the directorate\'s queue, taking, assigning, scheduling, answering, approving, returning and rejecting cases.'],
  ['case reviews', 'The review of a decision (issue 25): asked for by its customer within the window, decided by a manager who had no part in it.'],
  ['information requests', "Asking the customer (issue 25): an officer's request for information on an ongoing case, the customer's answer with an optional PDF, and the close of a request left unanswered."],
  ['accusation-review', 'Ethics users (stored role accusation_acceptor): accusations from received through review to closed, assignment and internal notes.'],
  ['archive', 'Archivists and admins: filing closed cases under categories, and searching what is filed.'],
  ['administration', 'Admins: reference data (divisions, directorates, teams, case requests, questions, holidays, languages) and staff users.'],
  ['management', 'Managers and admins: the dashboard and the audit log.'],
  ['operations', 'Health and readiness for load balancers and orchestrators.'],
  ['sms', "The SMS gateway's webhooks (issue 26): incoming messages (a case number or reference is answered with its status; STOP and START) and delivery receipts, with the shared secret."],
  ['telegram', "The Telegram bot's webhook (issue 26): Telegram's updates, with the secret token."],
  ['uploads', 'Resumable uploads (issue 27) at /uploads/: the tus 1.0.0 protocol (https://tus.io/protocols/resumable-upload), with the creation, termination and expiration extensions, served by @tus/server rather than as operations here. POST /uploads/ with Upload-Length (at most 10 MB) makes one and answers 201 with its Location /uploads/<id> (128 random bits; no sign-in; counted per address as the anonymous forms are, past it 429); HEAD gives its Upload-Offset; PATCH (application/offset+octet-stream, Upload-Offset) appends from there, also after a cut; DELETE removes it. Once its last byte arrives it must be a PDF, else 415 and it is removed. createCase, createAccusation, answerInformationRequest and staffRespondCase take its id as the form field attachment_upload in place of the attachment part; one submission may use it. Every upload is removed 7 days after it was made.'],
  ['open data', "Public performance figures (issue 28): the corporation's and each division's, by month, as JSON and CSV under CC BY 4.0 (docs/open-data.md)."],
  ['my data', 'A signed-in customer downloads everything the portal holds about them (issue 28), as JSON and as a PDF.'],
] as const;

const describe = (status: number) =>
  status < 300 ? 'success' : status === 503 ? 'not ready' : 'refused, with Message_en … Message_af';

/** An upload form as a multipart/form-data body: its text fields and its file part. */
const multipartBody = ({ fields, file }: FormSpec) => ({
  ...fields,
  properties: { ...fields.properties, [file.name]: { type: 'string', format: 'binary', description: file.description } },
});

/**
 * Every subtree equal to a shared schema becomes a $ref to it. The routes validate with
 * their schemas inline (TypeBox, no registered $ids, so nothing changes for Fastify); only
 * the document names them.
 */
function referenceShared(node: unknown, shared: [string, string][]): unknown {
  if (Array.isArray(node)) return node.map((item) => referenceShared(item, shared));
  if (typeof node !== 'object' || node === null) return node;
  const text = JSON.stringify(node);
  const name = shared.find(([, json]) => json === text)?.[0];
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referenceShared(value, shared)]));
}

/**
 * The OpenAPI document, made by @fastify/swagger from the routes' own schemas, which come
 * from server/contract/calls.ts (DESIGN.md: one source of truth for API shapes): only the
 * contract's calls are operations (they have tags; the app's files, media and the docs
 * themselves have none). Register before the routes: it collects them as they are added.
 */
export async function collectApiDocument(app: FastifyInstance, version: string) {
  const shared = Object.entries(SHARED).map(([name, schema]) => [name, JSON.stringify(schema)] as [string, string]);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Housing Development Corporation — customer portal API', version },
      servers: [{ url: '/', description: 'this portal' }],
      tags: TAGS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: Object.fromEntries(Object.entries(SHARED).map(([name, schema]) => [name, JSON.parse(JSON.stringify(schema))])),
      },
    },
    hideUntagged: true,
    // OpenAPI 3.1 has JSON Schema's const: the document keeps the very schemas the routes validate with.
    convertConstToEnum: false,
    transform: ({ schema, url }) => {
      const call = calls[(schema as { operationId?: string } | undefined)?.operationId as CallName] as
        | { form?: FormSpec }
        | undefined;
      if (!call) return { schema, url };
      const { response = {}, ...rest } = schema as FastifySchema & { response?: Record<string, object> };
      const described = Object.fromEntries(
        Object.entries(response).map(([status, body]) => [status, { ...body, 'x-response-description': describe(Number(status)) }]),
      );
      return { schema: { ...rest, response: described, ...(call.form ? { body: multipartBody(call.form) } : {}) }, url };
    },
    transformObject: (document) => {
      const { components, ...rest } = (document as { openapiObject: { components?: object } }).openapiObject;
      return { ...(referenceShared(rest, shared) as object), components } as never;
    },
  });
}

/**
 * The document at /docs/openapi.json and a readable UI at /docs, from the plugin's own
 * bundled files (offline, no CDN), under a CSP that lets only those run.
 */
export async function serveApiDocs(app: FastifyInstance) {
  app.get('/docs/openapi.json', (_request, reply) => reply.header('Cache-Control', 'no-cache').send(app.swagger()));
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // No "valid" badge from validator.swagger.io: nothing leaves the portal.
    uiConfig: { validatorUrl: null, deepLinking: true } as object,
    staticCSP: true,
    transformStaticCSP: (policy) =>
      policy
        .split(';')
        .map((directive) => directive.trim())
        // Its default also allows styles and fonts from any https origin and the validator's images.
        .map((directive) => directive.replace(/ https:| validator\.swagger\.io/g, ''))
        .filter((directive) => directive && directive !== 'upgrade-insecure-requests')
        .concat("connect-src 'self'")
        .join('; ')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
}
