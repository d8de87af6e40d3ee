/**
 * Values the app and the server both need, kept once. Plain data with no imports
 * (eslint.config.js holds it to that), so the app may import it as values without
 * taking any server code along.
 */

/**
 * SPEC section 1's six languages: the app's locale (ISO code, also the catalogs' folder)
 * and the suffix the API writes it with (name_or, Message_tg).
 */
export const API_LANGUAGE = { en: 'en', am: 'am', om: 'or', ti: 'tg', so: 'sm', aa: 'af' } as const;
export type Locale = keyof typeof API_LANGUAGE;
export type ApiLanguage = (typeof API_LANGUAGE)[Locale];
/** The API's suffixes in the column order name_en … name_af. */
export const API_LANGUAGES = Object.values(API_LANGUAGE);

/** SPEC section 9: an attachment (a case application's, an accusation's) is one PDF of at most 10 MB. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A new password's length (server/auth/password-rule.ts has the whole rule), counted in characters as typed (code points). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Every id is a UUID; the API's `Id` schema, the apply form's checks and the app's routes test the same. */
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The staff queue's views (issue 24): what `staffListCases?view=` takes, in the order the
 * queue's bar offers them. Which a role has is the server's (server/casework/queue-views.ts).
 */
export const QUEUE_VIEWS = ['mine', 'unassigned', 'approval', 'sent_back', 'due_soon', 'late', 'open'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
/**
 * The views each role works from: officers approve nothing; admins only approve what no other
 * manager of a directorate can; archivists and ethics users have none (the archive's worklist,
 * the accusations). The server answers 403 to any other; the app offers only these.
 */
export const QUEUE_VIEWS_OF_ROLE: Readonly<Record<string, readonly QueueView[] | undefined>> = {
  officer: ['mine', 'unassigned', 'sent_back', 'due_soon', 'late', 'open'],
  manager: ['mine', 'unassigned', 'approval', 'sent_back', 'due_soon', 'late', 'open'],
  admin: ['approval'],
};
/** A queue's order: soonest due first (the default), newest filing first, oldest filing first. */
export const QUEUE_SORTS = ['due', 'filed', 'age'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
/** How many cases one bulk call moves at most (each its own move, transaction and audit entry). */
export const BULK_CASES_MAX = 50;

/**
 * Archive corrections (issue 24, review defect 9): a filed case may move to another category
 * for this many days after its filing, with a reason of at most REFILE_REASON_MAX characters.
 */
export const REFILE_WINDOW_DAYS = 30;
export const REFILE_REASON_MAX = 2000;

/** Issue 25: a rating's optional comment, in the signed-in dialog or from the one-tap link, is at most this long. */
export const RATING_COMMENT_MAX = 1000;

/** Issue 25: an officer's request for information, and the customer's answer to it, are at most this many characters. */
export const INFORMATION_MESSAGE_MAX = 2000;
