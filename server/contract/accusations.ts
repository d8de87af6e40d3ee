import { Type, type Static } from 'typebox';
import { Id } from './common.ts';

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
});

export const StaffLoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) });
