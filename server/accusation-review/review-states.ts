import type { AccusationStatus } from '../contract/accusations.ts';

/**
 * The life of an accusation: an ethics user starts the review of a received
 * accusation and closes it with an outcome. The server enforces it (review-service.ts); any
 * other move, a closed accusation reopened included, is refused with 409 and changes nothing.
 */
const FROM: Record<Exclude<AccusationStatus, 'received'>, AccusationStatus> = {
  under_review: 'received',
  closed: 'under_review',
};

export const canMove = (from: AccusationStatus, to: Exclude<AccusationStatus, 'received'>) => FROM[to] === from;

/** The action that makes each move, as the history and the audit log name it. */
export const actionOf = (to: Exclude<AccusationStatus, 'received'>) => (to === 'under_review' ? 'start_review' : 'close');
