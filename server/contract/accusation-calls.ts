import { defineCalls } from './call.ts';
import { AccusationForm, CreatedAccusation } from './accusations.ts';
import { errorResponses } from './common.ts';

const refused = errorResponses[400];

/** SPEC section 7 create_accusation: anyone files one (its look-up by reference is the review's: accusation-review-calls.ts). */
export const accusationCalls = defineCalls('accusations', {
  createAccusation: {
    summary: 'File an accusation',
    description: 'Open to anyone. An Idempotency-Key header makes a repeat answer with the first reference and store nothing.',
    form: { fields: AccusationForm, file: { name: 'attachment', description: 'Optional PDF, at most 10 MB.' } },
    // 409 and 410: an attachment_upload used already, not finished, or past its 7 days (issue 27).
    responses: { 201: CreatedAccusation, 409: refused, 410: refused, 413: refused, 422: refused, ...errorResponses },
  },
});
