import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { CalendarDay, errorResponses, Id, IdParams, Messages } from './common.ts';
import { CaseMoved as Moved, CaseRequestNames, StaffPerson } from './cases.ts';
import { BulkCaseIds, BulkResults } from './bulk-moves.ts';
import { REFILE_REASON_MAX, REFILE_WINDOW_DAYS } from './constants.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, 409: refused, ...errorResponses };
/** An Addis Ababa day, YYYY-MM-DD. */
const Day = CalendarDay;

/** An archival category, under which archivists file closed cases. */
const ArchivalCategory = Type.Object({
  _id: Id,
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
  createdAt: Type.String(),
  created_by: Type.Union([StaffPerson, Type.Null()]),
});
export type ArchivalCategory = Static<typeof ArchivalCategory>;
/** Where an archived case was filed, when and by whom. */
export const Archival = Type.Object({
  category: Type.Object({ _id: Id, name: Type.String() }),
  archived_date: Type.String(),
  archived_by: Type.Union([StaffPerson, Type.Null()]),
  /** Until when it may be moved to another category (staffRefileCase): REFILE_WINDOW_DAYS after its filing. */
  refile_until: Type.String(),
});
export type Archival = Static<typeof Archival>;
/** One archived case in the archive's search. */
const ArchivedCase = Type.Object({
  _id: Id,
  case_number: Type.String(),
  /** What the case ended as before it was archived. */
  verdict: Type.Union([Type.Literal('verified'), Type.Literal('rejected')]),
  createdAt: Type.String(),
  caselist: CaseRequestNames,
  archive: Archival,
});
export type ArchivedCase = Static<typeof ArchivedCase>;

/**
 * The archive: archivists (and admins) file verified and rejected cases of every
 * directorate under categories, and search what is filed. Filing is the case's last move.
 */
export const archiveCalls = defineCalls('archive', {
  staffArchiveCase: {
    summary: 'File a verified or rejected case under an archival category: an archivist or an admin (it becomes archived, read-only)',
    params: IdParams,
    body: Type.Object({ category: Id }, { additionalProperties: false }),
    responses: { 200: Moved, ...withAuth },
  },
  staffBulkArchiveCases: {
    summary: 'File several verified or rejected cases under one archival category at once: an archivist or an admin',
    description:
      'Each case is filed as staffArchiveCase files it (its own transaction, history and audit entry); `results` has one ' +
      'entry per id, in the order given: `ok: true`, or `ok: false` with the code staffArchiveCase would answer.',
    body: Type.Object({ case_ids: BulkCaseIds, category: Id }, { additionalProperties: false }),
    responses: { 200: BulkResults, ...withAuth },
  },
  staffRefileCase: {
    summary: 'Move a filed case to another active archival category, with a reason: an archivist or an admin',
    description:
      `Within ${REFILE_WINDOW_DAYS} days of its filing (the archive's \`refile_until\`); after that 409 \`refileWindowClosed\`. ` +
      'The category it is filed under already: 400 `refileSameCategory`; an unknown or switched-off one: 404 ' +
      '`archivalCategoryNotFound`; a blank reason: 400 `refileReasonRequired`. The case stays archived, on its filing day; ' +
      'its history keeps the reason (action `refile`), the audit log the two categories.',
    params: IdParams,
    body: Type.Object({
      category: Id,
      reason: Type.String({ minLength: 1, maxLength: REFILE_REASON_MAX }),
    }, { additionalProperties: false }),
    responses: { 200: Moved, ...withAuth },
  },
  staffListArchivedCases: {
    summary: 'Search the archive by category, case number and the day it was archived',
    description: '`from` and `to` are Addis Ababa days (YYYY-MM-DD), both included. Newest archived first.',
    query: Type.Object({
      category: Type.Optional(Id),
      case_number: Type.Optional(Type.String({ maxLength: 40 })),
      from: Type.Optional(Day),
      to: Type.Optional(Day),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    }),
    responses: { 200: Type.Object({ cases: Type.Array(ArchivedCase), currentPage: Type.Integer(), totalPages: Type.Integer() }), ...withAuth },
  },
  staffListArchivalCategories: {
    summary: 'Every archival category, by name',
    responses: { 200: Type.Array(ArchivalCategory), ...withAuth },
  },
  staffSaveArchivalCategory: {
    summary: 'Create an archival category, or rename or (de)activate one: an archivist or an admin',
    description:
      'Without `_id` a new category; with it, that one changed. Names are unique (case-insensitively); ' +
      'a blank one: 400 `archivalCategoryNameRequired`.',
    body: Type.Object({
      _id: Type.Optional(Id),
      name: Type.String({ maxLength: 200 }),
      status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
    }, { additionalProperties: false }),
    responses: { 200: Type.Intersect([Messages, ArchivalCategory]), ...withAuth },
  },
});
