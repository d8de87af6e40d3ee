import { Type, type Static } from 'typebox';
import { Id, Names, Status } from './common.ts';

export const Division = Type.Intersect([
  Type.Object({ _id: Id }),
  Names,
  Type.Object({
    description_en: Type.String(),
    description_am: Type.String(),
    description_or: Type.String(),
    description_tg: Type.String(),
    description_sm: Type.String(),
    description_af: Type.String(),
    status: Status,
    special: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
  }),
]);
export type Division = Static<typeof Division>;

export const Directorate = Type.Intersect([
  Type.Object({ _id: Id, status: Status, division: Type.Object({ _id: Id }) }),
  Names,
]);
export type Directorate = Static<typeof Directorate>;

export const Team = Type.Intersect([
  Type.Object({ _id: Id, status: Status, directorate: Type.Object({ _id: Id }) }),
  Names,
]);
export type Team = Static<typeof Team>;
