import { Type, type Static } from 'typebox';
import { Id } from './common.ts';
import { AttachmentUpload } from './uploads.ts';

/** SPEC section 3 "Accusation payload", as stored and read back by accusation acceptors. */
export const Accusation = Type.Object({
  _id: Id,
  reference: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  subject: Type.String(),
  description: Type.String(),
  accused_organizational_part: Type.String(),
  /** A PDF under /media/AccusationFiles/ (acceptors only); null when none was attached. */
  attachment: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type Accusation = Static<typeof Accusation>;

export const AccusationListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  /** -1 newest first (default), 1 oldest first. */
  sort: Type.Optional(Type.Union([Type.Literal(-1), Type.Literal(1)], { default: -1 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AccusationListQuery = Static<typeof AccusationListQuery>;

export const AccusationList = Type.Object({
  accusations: Type.Array(Accusation),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  total: Type.Integer(),
});
export type AccusationList = Static<typeof AccusationList>;

export const CreatedAccusation = Type.Object({
  Message_en: Type.String(), Message_am: Type.String(), Message_or: Type.String(),
  Message_tg: Type.String(), Message_sm: Type.String(), Message_af: Type.String(),
  /** What the complainant can quote later. */
  reference: Type.String(),
});
export type CreatedAccusation = Static<typeof CreatedAccusation>;

/** The accusation form's text fields (multipart, SPEC section 7 create_accusation); the PDF is its file part. */
export const AccusationForm = Type.Object({
  name: Type.Optional(Type.String({ description: 'May be left empty: a complainant may stay anonymous.' })),
  phone: Type.Optional(Type.String()),
  subject: Type.String(),
  description: Type.String(),
  accused_organizational_part: Type.Optional(Type.String()),
  attachment_upload: AttachmentUpload,
});


/** Where an accusation stands: an ethics user starts the review, then closes it with an outcome. */
export const AccusationStatus = Type.Union([Type.Literal('received'), Type.Literal('under_review'), Type.Literal('closed')]);
export type AccusationStatus = Static<typeof AccusationStatus>;

/** A staff user as an accusation names them. */
export const EthicsUser = Type.Object({
  _id: Id,
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
});
export type EthicsUser = Static<typeof EthicsUser>;

/** An accusation as ethics users handle it: the filing, where it stands, and who has it. */
export const ReviewedAccusation = Type.Intersect([
  Accusation,
  Type.Object({
    status: AccusationStatus,
    /** Sent back with an action: the action happens only if nobody changed the accusation since. */
    version: Type.Integer(),
    assignedTo: Type.Union([EthicsUser, Type.Null()]),
    reviewStartedAt: Type.Union([Type.String(), Type.Null()]),
    closedAt: Type.Union([Type.String(), Type.Null()]),
  }),
]);
export type ReviewedAccusation = Static<typeof ReviewedAccusation>;

/** One stored action on an accusation: who, in which role, when, from which state to which, and its note. */
export const AccusationHistoryEntry = Type.Object({
  action: Type.Union([Type.Literal('start_review'), Type.Literal('close'), Type.Literal('assign'), Type.Literal('note')]),
  from: AccusationStatus,
  to: AccusationStatus,
  by: Type.Union([Type.Intersect([EthicsUser, Type.Object({ role: Type.String() })]), Type.Null()]),
  /** For an assignment: to whom. */
  assignedTo: Type.Union([EthicsUser, Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type AccusationHistoryEntry = Static<typeof AccusationHistoryEntry>;

/** One accusation for an ethics user: everything filed, its outcome once closed, and every action. */
export const AccusationCase = Type.Intersect([
  ReviewedAccusation,
  Type.Object({ outcome: Type.Union([Type.String(), Type.Null()]), history: Type.Array(AccusationHistoryEntry) }),
]);
export type AccusationCase = Static<typeof AccusationCase>;

export const ReviewQueueQuery = Type.Object({
  status: Type.Optional(AccusationStatus),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  sort: Type.Optional(Type.Union([Type.Literal(-1), Type.Literal(1)], { default: -1 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  /**
   * The accusation's reference, in any case: the whole of it (`ACC-2019-000005`), its number
   * part (`000005`, or `5`: the number in any year), or a piece of it.
   */
  reference: Type.Optional(Type.String({ maxLength: 30 })),
});
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

export const ReviewQueue = Type.Object({
  accusations: Type.Array(ReviewedAccusation),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  total: Type.Integer(),
});
export type ReviewQueue = Static<typeof ReviewQueue>;

/** What a complainant may learn by reference: where it stands and when, nothing filed, nobody named. */
export const AccusationStatusAnswer = Type.Object({
  reference: Type.String(),
  status: AccusationStatus,
  createdAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
});
export type AccusationStatusAnswer = Static<typeof AccusationStatusAnswer>;
