import { Type, type Static } from 'typebox';
import { Id, Messages, Names, Status } from './common.ts';
import { RATING_COMMENT_MAX } from './constants.ts';
import { AttachmentUpload } from './uploads.ts';

/**
 * The cases API's shapes (SPEC sections 3 and 7, issue 4): the server validates with
 * them and the app takes its types from them.
 */

const SixValues = Type.Object({
  value_en: Type.String(),
  value_am: Type.String(),
  value_or: Type.String(),
  value_tg: Type.String(),
  value_sm: Type.String(),
  value_af: Type.String(),
});

/** A case request (SPEC "case list item"). */
export const CaseRequest = Type.Object({
  _id: Id,
  division: Type.Object({ _id: Id }),
  status: Status,
  case_name_en: Type.String(),
  case_name_am: Type.String(),
  case_name_or: Type.String(),
  case_name_tg: Type.String(),
  case_name_sm: Type.String(),
  case_name_af: Type.String(),
});
export type CaseRequest = Static<typeof CaseRequest>;

export const EnumValue = Type.Object({ _id: Id, expectedValues: SixValues });
export type EnumValue = Static<typeof EnumValue>;

export const Question = Type.Intersect([
  Type.Object({
    _id: Id,
    caselist: Type.Object({ _id: Id }),
    /** normal_input, text_area, otherwise a select of enumValues (SPEC section 3). */
    inputType: Type.String(),
    /** "string" gives a text input, otherwise a number input. */
    dataType: Type.String(),
    isRequired: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
    enumValues: Type.Array(EnumValue),
  }),
  Names,
]);
export type Question = Static<typeof Question>;

export const CaseStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('ongoing'),
  Type.Literal('responded'),
  Type.Literal('verified'),
  Type.Literal('rejected'),
  // Issue 25: the corporation asked the customer for something; a decision is being reviewed.
  Type.Literal('waiting_customer'),
  Type.Literal('under_review'),
  // Issue 28: the customer withdrew it before it was answered.
  Type.Literal('withdrawn'),
]);
export type CaseStatus = Static<typeof CaseStatus>;

export const PersonName = Type.Object({ firstname: Type.String(), middlename: Type.String(), lastname: Type.String() });
/** A staff member as a case names them: their id and names. */
export const StaffPerson = Type.Intersect([Type.Object({ _id: Type.String() }), PersonName]);
export type StaffPerson = Static<typeof StaffPerson>;
/** A staff move's answer: what to tell the staff user, and the case's state now. */
export const CaseMoved = Type.Intersect([Messages, Type.Object({ status: Type.String() })]);

/** The customer block of a case (its owner's own details). */
export const CaseCustomer = Type.Object({
  _id: Type.Optional(Id),
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
  subcity: Type.String(),
  woreda: Type.String(),
  house_number: Type.String(),
  phone: Type.String(),
  house_phone_number: Type.String(),
  gender: Type.String(),
});

export const AnsweredQuestion = Type.Object({
  /** The question as filed; for a select, `enumValues` holds the option chosen, as it read then (SPEC section 3 shows its text). */
  question: Type.Intersect([Type.Object({ _id: Id, enumValues: Type.Array(EnumValue) }), Names]),
  answer: Type.String(),
});

export const ScheduleEntry = Type.Object({
  schedule: Type.Object({
    extended_by: Type.Union([PersonName, Type.Null()]),
    extended_date: Type.Union([Type.String(), Type.Null()]),
    scheduled_by: Type.Union([PersonName, Type.Null()]),
    scheduled_date: Type.Union([Type.String(), Type.Null()]),
  }),
});

/**
 * A request for information (issue 25): the officer's message and when it was asked, and the
 * customer's answer. `attachment` is a file name under /media/CaseFiles/, read by the owner
 * and by staff who may read the case.
 */
export const InformationRequest = Type.Object({
  _id: Id,
  message: Type.String(),
  asked_at: Type.String(),
  answer: Type.Union([Type.Object({
    text: Type.String(),
    attachment: Type.Union([Type.String(), Type.Null()]),
    answered_at: Type.String(),
  }), Type.Null()]),
});
export type InformationRequest = Static<typeof InformationRequest>;

const DivisionNames = Type.Intersect([Type.Object({ _id: Id }), Names]);
const Timestamp = Type.Union([Type.String(), Type.Null()]);
const Late = Type.Union([Type.Literal('yes'), Type.Literal('no')]);
export const CaseRequestNames = Type.Intersect([Type.Object({ _id: Id }), Type.Object({
  case_name_en: Type.String(), case_name_am: Type.String(), case_name_or: Type.String(),
  case_name_tg: Type.String(), case_name_sm: Type.String(), case_name_af: Type.String(),
})]);

/** How a review of a decision ended (issue 25): the decision stands, or the case is answered anew. */
export const ReviewOutcome = Type.Union([Type.Literal('upheld'), Type.Literal('changed')]);
export type ReviewOutcome = Static<typeof ReviewOutcome>;
/** The latest review of a case's decision (issue 25), as its customer asked for it and a manager decided it. */
export const CaseReview = Type.Object({
  reason: Type.String(),
  requested_at: Type.String(),
  /** The review's due day (YYYY-MM-DD, Addis Ababa): its case request's target, counted from the request. */
  due_date: Type.String(),
  outcome: Type.Union([ReviewOutcome, Type.Null()]),
  justification: Type.Union([Type.String(), Type.Null()]),
  decided_at: Timestamp,
  /** The outcome's letter, a file name under /media/CaseFiles/ (owner only); null until decided. */
  letter: Type.Union([Type.String(), Type.Null()]),
});
export type CaseReview = Static<typeof CaseReview>;

/** SPEC section 3 "Case". Dates are ISO strings; absent ones are null. */
export const Case = Type.Object({
  _id: Id,
  case_number: Type.String(),
  status: CaseStatus,
  division: DivisionNames,
  caselist: CaseRequestNames,
  related_case_id: Type.Union([Type.Object({ _id: Id, case_number: Type.String() }), Type.Null()]),
  late: Late,
  responded_by: Type.Union([PersonName, Type.Null()]),
  createdAt: Type.String(),
  ongoing_date: Timestamp,
  verified_date: Timestamp,
  rejected_date: Timestamp,
  rejected_by: Type.Union([PersonName, Type.Null()]),
  rejection_justification: Type.Union([Type.String(), Type.Null()]),
  remark: Type.String(),
  /** The customer's PDF, a file name under /media/CaseFiles/ (owner only); null when none or masked. */
  attachment: Type.Union([Type.String(), Type.Null()]),
  response_justification: Type.Union([Type.Object({
    attachment: Type.Union([Type.String(), Type.Null()]),
    /** The response letter's number (issue 25), PREFIX/YEAR/N, given at approval: null for a draft or a sent-back one. */
    letter_number: Type.Union([Type.String(), Type.Null()]),
  }), Type.Null()]),
  customer: CaseCustomer,
  list_of_question: Type.Array(AnsweredQuestion),
  schedule_program: Type.Array(ScheduleEntry),
  /** Issue 25: what the corporation asked the customer for, oldest first, each with its answer (null while unanswered). */
  information_requests: Type.Array(InformationRequest),
  /** Issue 25: the latest review of the case's decision; null when none was asked for. */
  review: Type.Union([CaseReview, Type.Null()]),
  /**
   * Issue 25: until when (ISO, excluded) a review of the present decision may be asked for: REVIEW_WINDOW_DAYS
   * working days after it; null when none may be (no decision, one reviewed already, or under review).
   */
  review_until: Timestamp,
  /** Always false: the whole case, for its owner. A status check by anyone else answers a PublicCaseStatus. */
  masked: Type.Literal(false),
});
export type Case = Static<typeof Case>;

/**
 * What a status check shows anyone but the signed-in owner (README "Public status check"):
 * what the case is and where it stands, and nothing about the people on it: no names,
 * phone, address, free text, files, or ids that lead further (the case's own id included).
 */
export const PublicCaseStatus = Type.Object({
  case_number: Type.String(),
  status: CaseStatus,
  division: DivisionNames,
  caselist: CaseRequestNames,
  late: Late,
  createdAt: Type.String(),
  ongoing_date: Timestamp,
  verified_date: Timestamp,
  rejected_date: Timestamp,
  schedule_program: Type.Array(Type.Object({ schedule: Type.Object({ extended_date: Timestamp, scheduled_date: Timestamp }) })),
  /** A signed name of this public copy as a PDF under /media/CaseFiles/, valid 10 minutes. */
  print: Type.String(),
  masked: Type.Literal(true),
});
export type PublicCaseStatus = Static<typeof PublicCaseStatus>;

/** The status check's answer: the whole case for its signed-in owner, the public status for anyone else. */
export const CaseLookup = Type.Union([Case, PublicCaseStatus]);
export type CaseLookup = Static<typeof CaseLookup>;

/** A row of the case lists (SPEC section 2: #, case number, status; issue 12: the case request and the submitted date). */
export const CaseListResponse = Type.Object({
  cases: Type.Array(Type.Object({ _id: Id, case_number: Type.String(), status: CaseStatus, createdAt: Type.String(), caselist: CaseRequestNames })),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
});
export type CaseListResponse = Static<typeof CaseListResponse>;

export const CaseListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  /** -1 latest first (default), 1 oldest first (SPEC section 9). */
  sort: Type.Optional(Type.Union([Type.Literal(-1), Type.Literal(1)], { default: -1 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  case_number: Type.Optional(Type.String({ maxLength: 40 })),
  phone_number: Type.Optional(Type.String({ maxLength: 20 })),
  customer_id: Type.Optional(Type.String({ maxLength: 40 })),
  firstname: Type.Optional(Type.String({ maxLength: 50 })),
});

export const CaseSummary = Type.Object({
  totalCases: Type.Integer(),
  pendingCases: Type.Integer(),
  processingCases: Type.Integer(),
  respondedCases: Type.Integer(),
  rejectedCases: Type.Integer(),
});
export type CaseSummary = Static<typeof CaseSummary>;

export const CaseNumberBody = Type.Object({ casenum: Type.String({ maxLength: 40 }) });

export const CreatedCase = Type.Object({
  Message_en: Type.String(), Message_am: Type.String(), Message_or: Type.String(),
  Message_tg: Type.String(), Message_sm: Type.String(), Message_af: Type.String(),
  _id: Id,
  case_number: Type.String(),
});
export type CreatedCase = Static<typeof CreatedCase>;

/** The apply form's text fields (multipart, SPEC section 7 create_case); the PDF is its file part. */
export const CaseApplicationForm = Type.Object({
  division: Type.String({ description: 'The division id.' }),
  caselist: Type.String({ description: 'The case request id.' }),
  form: Type.String({ description: 'JSON: a list of single-entry maps, question id → answer.' }),
  remark: Type.Optional(Type.String()),
  related_case_id: Type.Optional(Type.String({ description: "One of the customer's own case ids." })),
  attachment_upload: AttachmentUpload,
});

/** The apply form's related-case selector: the customer's case numbers (SPEC section 7). */
export const CaseNumberChoice = Type.Object({ _id: Id, case_number: Type.String() });
export type CaseNumberChoice = Static<typeof CaseNumberChoice>;

export const PrintResponse = Type.Object({ file: Type.String() });

/** Issue 25: a rating's optional comment is seen by its customer, never by other customers. */
export const Rating = Type.Object({
  rateNum: Type.Integer(),
  rateCase: Id,
  rateCustomer: Type.Object({ _id: Id }),
  comment: Type.Optional(Type.String()),
});
export type Rating = Static<typeof Rating>;
/** A case's rating as staff who may read the case see it (issue 25): the stars, the comment (null: none) and when. */
export const StaffRating = Type.Object({
  rate: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type StaffRating = Static<typeof StaffRating>;
/** A rating's comment on the management dashboard: its case, stars, date and text, never who wrote it. */
export const RatingComment = Type.Object({
  case_number: Type.String(),
  rate: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  at: Type.String(),
});
export type RatingComment = Static<typeof RatingComment>;
/**
 * Signed in, `rateCase` names the customer's case; from the one-tap link of the "answered"
 * mail, `rating_token` does, with no session (issue 25).
 */
export const RatingBody = Type.Object({
  rateNum: Type.Integer(),
  rateCase: Type.Optional(Id),
  rating_token: Type.Optional(Type.String({ maxLength: 100 })),
  comment: Type.Optional(Type.String({ maxLength: RATING_COMMENT_MAX })),
});
/** What the one-tap rating page learns of its link: that it may rate, and nothing about whom or what. */
export const RatingLinkState = Type.Object({ rateable: Type.Boolean() });

export const CaseHistoryEntry = Type.Object({
  _id: Id,
  case: Type.Object({ _id: Id, case_number: Type.String() }),
  status: CaseStatus,
  changedAt: Type.String(),
});
