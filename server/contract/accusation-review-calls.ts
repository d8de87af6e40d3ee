import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, Id, IdParams, Messages } from './common.ts';
import {
  Accusation, AccusationCase, AccusationList, AccusationListQuery, AccusationStatus, AccusationStatusAnswer, EthicsUser, ReviewQueue,
  ReviewQueueQuery,
} from './accusations.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };
const Text = Type.String({ minLength: 1, maxLength: 5000, pattern: '\\S' });
/** The version the ethics user saw; without it the server checks against the version it reads itself. */
const SeenVersion = Type.Optional(Type.Integer({ minimum: 0 }));
/** An action's answer: what to tell the ethics user, and where the accusation stands now. */
const Acted = Type.Intersect([Messages, Type.Object({ status: AccusationStatus, version: Type.Integer() })]);

/**
 * Ethics users handling accusations: received → under review → closed with an
 * outcome, assignment, internal notes. A move the states do not allow, or one another
 * ethics user made first, answers 409 with nothing changed.
 */
export const accusationReviewCalls = defineCalls('accusation-review', {
  getAccusations: {
    summary: 'A page of accusations',
    query: AccusationListQuery,
    responses: { 200: AccusationList, ...withAuth },
  },
  getAccusation: {
    summary: 'Read one accusation',
    params: IdParams,
    responses: { 200: Accusation, ...withAuth },
  },

  staffListAccusations: {
    summary: 'A page of accusations, filtered by state, name, phone and reference (whole, or its number part)',
    query: ReviewQueueQuery,
    responses: { 200: ReviewQueue, ...withAuth },
  },
  staffGetAccusation: {
    summary: 'Read one accusation with its outcome and every action taken on it, internal notes included',
    params: IdParams,
    responses: { 200: AccusationCase, ...withAuth },
  },
  staffUpdateAccusation: {
    summary: 'Start the review of a received accusation, or close one under review with its outcome',
    description: '`outcome` is required to close. received → under_review → closed; any other move answers 409.',
    params: IdParams,
    body: Type.Object({
      status: Type.Union([Type.Literal('under_review'), Type.Literal('closed')]),
      outcome: Type.Optional(Type.String({ maxLength: 5000 })),
      version: SeenVersion,
    }),
    responses: { 200: Acted, ...withAuth },
  },
  staffAssignAccusation: {
    summary: 'Give a received or reviewed accusation to an ethics user',
    params: IdParams,
    body: Type.Object({ assignee: Id, version: SeenVersion }),
    responses: { 200: Acted, ...withAuth },
  },
  staffNoteAccusation: {
    summary: 'Add an internal note to an accusation (never shown to the complainant)',
    params: IdParams,
    body: Type.Object({ note: Text }),
    responses: { 200: Acted, ...withAuth },
  },
  staffListEthicsUsers: {
    summary: 'The active ethics users an accusation can be given to, with how many open ones each has',
    responses: { 200: Type.Object({ users: Type.Array(Type.Intersect([EthicsUser, Type.Object({ open: Type.Integer() })])) }), ...withAuth },
  },
});

/** The complainant's look-up by reference: where the review stands, public (tagged with the filing it follows). */
export const accusationStatusCalls = defineCalls('accusations', {
  getAccusationStatus: {
    summary: 'Where an accusation stands, by its reference',
    description: 'Open to anyone, limited per address and per reference. Only the state and its dates: nothing filed, nobody named.',
    params: Type.Object({ reference: Type.String({ minLength: 1, maxLength: 40 }) }),
    responses: { 200: AccusationStatusAnswer, ...errorResponses },
  },
});
