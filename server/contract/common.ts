import { Type, type Static } from 'typebox';
import { UUID } from './constants.ts';

/** Ids are UUIDs; anything else is answered 400 before it reaches SQL. */
export const Id = Type.String({ pattern: UUID.source });
/**
 * A day of the calendar, YYYY-MM-DD. `format: 'date'` (ajv-formats, which Fastify's validator
 * loads) refuses one that does not exist, 2026-02-31, as a 400 before the database fails on it.
 */
export const CalendarDay = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const IdParams = Type.Object({ id: Id });

export const Status = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
export type Status = Static<typeof Status>;

/** The server's words to a person, in every language (SPEC section 3 "Server messages"). */
export const Messages = Type.Object({
  Message_en: Type.String(),
  Message_am: Type.String(),
  Message_or: Type.String(),
  Message_tg: Type.String(),
  Message_sm: Type.String(),
  Message_af: Type.String(),
});
export type Messages = Static<typeof Messages>;

export const ErrorBody = Type.Intersect([
  Messages,
  Type.Object({
    code: Type.String(),
    detail: Type.Optional(Type.String()),
    /** On a 429: seconds to wait, as the Retry-After header says. */
    retry_after: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
]);
export type ErrorBody = Static<typeof ErrorBody>;

/** Names in the six languages, as the API field names have them. */
export const Names = Type.Object({
  name_en: Type.String(),
  name_am: Type.String(),
  name_or: Type.String(),
  name_tg: Type.String(),
  name_sm: Type.String(),
  name_af: Type.String(),
});
export type Names = Static<typeof Names>;

export const errorResponses = {
  400: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
};
