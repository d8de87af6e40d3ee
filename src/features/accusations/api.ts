// Accusations are sent through the outbox (src/outbox/sender.ts); this is their receipt.
export type { CreatedAccusation } from '../../../server/contract/accusations.ts';
