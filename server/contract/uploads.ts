import { Type } from 'typebox';

/**
 * Issue 27: the form field that names a finished resumable upload (tus, at /uploads/) in place
 * of the `attachment` file part; its value is the last segment of the upload's Location.
 */
export const AttachmentUpload = Type.Optional(Type.String({
  pattern: '^[0-9a-f]{32}$',
  description:
    'Instead of the `attachment` part: the id of a finished upload made at /uploads/ (tus 1.0.0; the last segment of its ' +
    'Location). It becomes the attachment with the same checks; one submission may use it (another: 409 `uploadUsed`; ' +
    'the same one repeated with its Idempotency-Key answers the first receipt). Unknown: 404 `uploadUnknown`; not ' +
    'finished: 409 `uploadUnfinished`; older than 7 days: 410 `uploadExpired`; with an `attachment` part: 400.',
}));
