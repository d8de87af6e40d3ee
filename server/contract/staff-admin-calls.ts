import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, Id, Messages, Status } from './common.ts';

const refused = errorResponses[400];

/** The stored roles (ethics keeps the acceptors' name, accusation_acceptor, as tokens carry it). */
export const StaffRoleName = Type.Union([
  Type.Literal('officer'),
  Type.Literal('manager'),
  Type.Literal('accusation_acceptor'),
  Type.Literal('archivist'),
  Type.Literal('admin'),
]);
export type StaffRoleName = Static<typeof StaffRoleName>;

/** A staff user as the admin sees them: never the password, only whether one is set. */
export const StaffMember = Type.Object({
  id: Id,
  email: Type.String(),
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
  role: StaffRoleName,
  status: Status,
  directorate_id: Type.Union([Id, Type.Null()]),
  team_id: Type.Union([Id, Type.Null()]),
  password_set: Type.Boolean(),
  /** ISO time of the last sign-in; null when they never signed in. */
  last_sign_in_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffMember = Static<typeof StaffMember>;

const Name = Type.String({ maxLength: 200 });

/** A new staff user (no id) or the changes to one; a directorate for officers and managers, a team only for officers. */
export const StaffDraft = Type.Object({
  id: Type.Optional(Id),
  email: Type.String({ maxLength: 254 }),
  firstname: Name,
  middlename: Type.Optional(Name),
  lastname: Name,
  role: StaffRoleName,
  status: Type.Optional(Status),
  directorate_id: Type.Optional(Type.Union([Id, Type.Null()])),
  team_id: Type.Optional(Type.Union([Id, Type.Null()])),
  /** Mail a new set-password link (always done for a new staff user). */
  send_password_link: Type.Optional(Type.Boolean()),
});
export type StaffDraft = Static<typeof StaffDraft>;

/**
 * Staff users, administered (issue 16): the admin adds, edits and deactivates them and
 * never chooses a password; the person sets it through a mailed link.
 */
export const staffAdminCalls = defineCalls('administration', {
  adminListStaff: {
    summary: 'Every staff user, with role, placement, status and last sign-in',
    responses: { 200: Type.Object({ staff: Type.Array(StaffMember) }), 401: refused, ...errorResponses },
  },
  adminSaveStaff: {
    summary: 'Add a staff user, or change one (role, directorate, team, status)',
    description:
      'Without `id` a staff user is added and sent a set-password link. Deactivating ends their sessions. ' +
      'The last active admin cannot be deactivated or given another role (409). Each save is in the audit log.',
    body: StaffDraft,
    responses: {
      200: Type.Intersect([Messages, Type.Object({ staff: StaffMember, password_link_sent: Type.Boolean() })]),
      401: refused,
      409: refused,
      ...errorResponses,
    },
  },
  staffSetPassword: {
    summary: 'Set a staff password with the link an administrator had mailed',
    description: 'The link works once, for 3 days; sessions from before end.',
    params: Type.Object({ id: Id, token: Type.String({ minLength: 1, maxLength: 200 }) }),
    body: Type.Object({ password: Type.String({ maxLength: 256 }) }),
    responses: { 200: Messages, ...errorResponses },
  },
});
