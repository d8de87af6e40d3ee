import type { SessionClaims } from '../auth/tokens.ts';
import type { AccusationCase, AccusationStatusAnswer, ReviewedAccusation, ReviewQueueQuery } from '../contract/accusations.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import { actionOf, canMove } from './review-states.ts';
import type { AccusationAction, AccusationAtWork, ReviewStore } from './store.ts';

interface Dependencies {
  store: ReviewStore;
  /** The app's clock: the time an action is stored with. */
  clock: () => number;
}

/** References are typed by hand: case and stray spaces do not matter. */
const normaliseReference = (typed: string) => typed.trim().toUpperCase();

/**
 * Ethics users handling accusations, with no HTTP in it. A move the states do
 * not allow answers 409; so does an action on an accusation another ethics user changed
 * since the version the action names (or, without one, since it was read here).
 */
export function createReviewService({ store, clock }: Dependencies) {
  async function atWork(id: string, seenVersion?: number): Promise<AccusationAtWork> {
    const accusation = await store.atWork(id);
    if (!accusation) throw notFound();
    if (seenVersion !== undefined && seenVersion !== accusation.version) throw new ApiError(409, 'accusationChangedMeanwhile');
    return accusation;
  }

  const actor = (session: SessionClaims) => ({ id: session.id, role: session.role });

  async function act(change: AccusationAction) {
    if (!(await store.act(change))) throw new ApiError(409, 'accusationChangedMeanwhile');
    return { status: change.to, version: change.accusation.version + 1 };
  }

  return {
    normaliseReference,

    queue: (query: ReviewQueueQuery) => store.page(query),

    /** One accusation as SPEC's getAccusation shapes it: where it stands and who has it. */
    async byId(id: string): Promise<ReviewedAccusation> {
      const accusation = await store.byId(id);
      if (!accusation) throw notFound();
      return accusation;
    },

    /** An accusation with its outcome and every action, internal notes included. */
    async accusationCase(id: string): Promise<AccusationCase> {
      const accusation = await store.byId(id);
      if (!accusation) throw notFound();
      const [outcome, history] = await Promise.all([store.outcome(id), store.history(id)]);
      return { ...accusation, outcome, history };
    },

    /**
     * received → under_review, under_review → closed (the outcome is required). Starting the
     * review of an accusation nobody has gives it to the one who starts it, as a help desk does.
     */
    async move(session: SessionClaims, id: string, { status: to, outcome, version }: { status: 'under_review' | 'closed'; outcome?: string; version?: number }) {
      const text = outcome?.replace(/\r\n?/g, '\n').trim() ?? '';
      if (to === 'closed' && !text) throw new ApiError(400, 'accusationOutcomeRequired', 'outcome');
      const accusation = await atWork(id, version);
      if (!canMove(accusation.status, to)) throw new ApiError(409, 'accusationMoveNotAllowed');
      const action = actionOf(to);
      return act({
        accusation, action, to, actor: actor(session), at: new Date(clock()),
        note: to === 'closed' ? text : undefined,
        assignee: action === 'start_review' ? (accusation.assigned_to_id ?? session.id) : accusation.assigned_to_id,
      });
    },

    /** Gives an accusation that is not closed to an active ethics user. */
    async assign(session: SessionClaims, id: string, { assignee, version }: { assignee: string; version?: number }) {
      const accusation = await atWork(id, version);
      if (accusation.status === 'closed' || accusation.assigned_to_id === assignee) throw new ApiError(409, 'accusationMoveNotAllowed');
      if (!(await store.isActiveEthicsUser(assignee))) throw new ApiError(400, 'accusationAssigneeInvalid', 'assignee');
      return act({ accusation, action: 'assign', to: accusation.status, actor: actor(session), at: new Date(clock()), assignee });
    },

    /** An internal note: kept in the history, never shown to the complainant. */
    async addNote(session: SessionClaims, id: string, note: string) {
      const accusation = await store.addNote(id, note.replace(/\r\n?/g, '\n').trim(), actor(session), new Date(clock()));
      if (!accusation) throw notFound();
      return { status: accusation.status, version: accusation.version };
    },

    ethicsUsers: async () => ({ users: await store.ethicsUsers() }),

    /** The public lookup: the state and its dates, for whoever holds the reference. */
    async statusOf(reference: string): Promise<AccusationStatusAnswer> {
      const found = await store.statusByReference(normaliseReference(reference));
      if (!found) throw notFound('accusationNotFound');
      return found;
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
