import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { recordAudit } from '../audit/audit-log.ts';
import { normaliseEmail } from '../accounts/validation.ts';
import { checkPassword } from '../auth/password-rule.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { StaffDraft } from '../contract/administration-calls.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { Language, MessageKey } from '../errors/messages.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import type { StaffAdminStore, StaffFields, StaffRecord } from './staff-users-store.ts';
import { staffPasswordMail } from './staff-users-mail.ts';
import { hasControlCharacter } from '../web/text-input.ts';

/** Long enough for someone added on a Friday to set it on Monday; it still works only once. */
export const PASSWORD_LINK_TTL_SECONDS = 3 * 24 * 60 * 60;

interface Dependencies {
  store: StaffAdminStore;
  mailer: Mailer;
  publicUrl: string;
  clock: () => number;
  /** Queues the notice of a password change in the change's transaction. */
  passwordChanged: Notifier['passwordChanged'];
}

const refuse = (key: MessageKey, detail?: string) => new ApiError(400, key, detail);

/** SPEC section 5's name rules, as for customers: required, at most 50 characters, one line (review #36). */
function checkedName(value: string | undefined, field: 'firstname' | 'middlename' | 'lastname', required: boolean): string {
  const name = (value ?? '').trim();
  if (required && !name) throw refuse('fieldRequired', 'name');
  if (name.length > 50) throw refuse(`${field}TooLong`);
  if (hasControlCharacter(name)) throw refuse(`${field}Invalid`, field);
  return name;
}

/** A staff user's codes and ids: what an entry may hold without copying who the person is. */
const placementOf = ({ role, status, directorate_id, team_id }: StaffFields) => ({ role, status, directorate_id, team_id });

/** What the audit log keeps of a staff user: everything the admin can change. */
const NAMES = ['firstname', 'middlename', 'lastname'] as const;
const PLACEMENT = ['role', 'status', 'directorate_id', 'team_id'] as const;

/**
 * What the audit log keeps of a change to a staff user: codes and ids, and only *whether*
 * the names or the e-mail changed, never them (issue 23): the log is read beside the
 * staff list, which names the person, and erasing a person never has to touch it.
 */
function auditedChange(current: StaffFields | undefined, fields: StaffFields) {
  const changed = (keys: readonly (keyof StaffFields)[]) => !!current && keys.some((key) => fields[key] !== current[key]);
  return {
    before: current && placementOf(current),
    after: { ...placementOf(fields), ...(changed(NAMES) ? { names_changed: true } : {}), ...(changed(['email']) ? { email_changed: true } : {}) },
  };
}

const shaped = (record: StaffRecord) => ({
  ...record,
  last_sign_in_at: record.last_sign_in_at ? new Date(record.last_sign_in_at).toISOString() : null,
});

/** The draft, checked: names, e-mail, and a placement that fits the role (officers and managers in a directorate, only officers in a team). */
function checkedFields(draft: StaffDraft, current?: StaffRecord): StaffFields {
  const fields: StaffFields = {
    email: normaliseEmail(draft.email),
    firstname: checkedName(draft.firstname, 'firstname', true),
    middlename: checkedName(draft.middlename, 'middlename', false),
    lastname: checkedName(draft.lastname, 'lastname', true),
    role: draft.role,
    status: draft.status ?? current?.status ?? 'active',
    directorate_id: draft.directorate_id ?? null,
    team_id: draft.team_id ?? null,
  };
  const inDirectorate = fields.role === 'officer' || fields.role === 'manager';
  if (inDirectorate && !fields.directorate_id) throw refuse('staffDirectorateRequired');
  if ((!inDirectorate && fields.directorate_id) || (fields.team_id && fields.role !== 'officer')) throw refuse('staffPlacementNotForRole');
  return fields;
}

/** A transaction of the store's, as its methods take it. */
type Transaction = Parameters<StaffAdminStore['byId']>[0];

/**
 * Stores a staff user's fields, new or over `current`, in the caller's transaction, under the
 * rules every way in shares (the admin's screen and `npm run staff`): a placement that fits
 * the role, an e-mail nobody else has, and always one active admin. `activeAdmins`: the
 * active admins, locked by the caller before anyone's row (see save).
 */
async function storeFields(
  store: StaffAdminStore, tx: Transaction, draft: StaffDraft, current: StaffRecord | undefined, activeAdmins: string[], now: Date,
): Promise<{ id: string; fields: StaffFields }> {
  const fields = checkedFields(draft, current);
  if (fields.directorate_id) {
    const placement = await store.placement(tx, fields.directorate_id, fields.team_id);
    if (!placement.directorate) throw refuse('staffDirectorateUnknown');
    if (fields.team_id && !placement.team) throw refuse('staffTeamOutsideDirectorate');
  }
  if (await store.emailTaken(tx, fields.email, current?.id ?? null)) throw new ApiError(409, 'staffEmailTaken');

  const wasAdmin = current?.role === 'admin' && current.status === 'active';
  const staysAdmin = fields.role === 'admin' && fields.status === 'active';
  if (wasAdmin && !staysAdmin && activeAdmins.every((id) => id === current.id)) throw new ApiError(409, 'lastAdmin');

  if (!current) return { id: await store.insert(tx, fields), fields };
  // A token carries its role: a new role or a deactivation ends every session the person had.
  const endSessions = fields.status === 'inactive' || fields.role !== current.role;
  await store.update(tx, current.id, fields, endSessions, now);
  return { id: current.id, fields };
}

/** The admin's rules for staff users, with no HTTP in them. */
export function createStaffAdminService({ store, mailer, publicUrl, clock, passwordChanged }: Dependencies) {
  const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

  return {
    list: async () => (await store.list()).map(shaped),

    /**
     * Adds or changes a staff user, in one transaction with its audit entry and its
     * set-password link; the mail goes once the transaction holds.
     */
    async save(session: SessionClaims, draft: StaffDraft, language: Language) {
      const now = new Date(clock());
      const { record, sendLink, token } = await store.transaction(async (tx) => {
        // The active admins are locked before anyone's row, always in one order: two admins
        // demoting each other at once queue up instead of deadlocking, and one admin stays.
        const admins = draft.id ? await store.lockActiveAdmins(tx) : [];
        const current = draft.id ? await store.byId(tx, draft.id, true) : undefined;
        if (draft.id && !current) throw notFound();
        const { id, fields } = await storeFields(store, tx, draft, current, admins, now);
        const sendLink = fields.status === 'active' && (!current || draft.send_password_link === true);
        const token = sendLink ? randomBytes(32).toString('base64url') : undefined;
        if (token) await store.insertPasswordLink(tx, id, tokenHash(token), PASSWORD_LINK_TTL_SECONDS);
        const change = auditedChange(current, fields);
        await recordAudit(tx, {
          actorId: session.id,
          actorRole: session.role,
          action: current ? 'save_staff' : 'create_staff',
          subjectType: 'staff',
          subjectId: id,
          before: change.before,
          after: { ...change.after, ...(sendLink ? { password_link_sent: true } : {}) },
          at: now,
        });
        return { record: (await store.byId(tx, id))!, sendLink, token };
      });
      if (token) {
        const link = `${publicUrl}/staff/set-password/${record.id}/${token}`;
        mailer.sendInBackground(staffPasswordMail(record.email, language, { name: record.firstname, link, loginLink: `${publicUrl}/staff/login` }));
      }
      return { staff: shaped(record), passwordLinkSent: sendLink };
    },

    /**
     * The person's own password, through the link, by the password rule; the link is used up,
     * older sessions end, and the person is told by mail in `language`, the one they set it in.
     */
    async setPassword(staffId: string, token: string, password: string, language: Language) {
      const email = await store.linkOwner(staffId, tokenHash(token));
      if (!email) throw refuse('staffPasswordLinkInvalid');
      checkPassword(password, email);
      const passwordHash = await hash(password);
      const now = new Date(clock());
      await store.transaction(async (tx) => {
        if (!(await store.usePasswordLink(tx, staffId, tokenHash(token), passwordHash, now))) throw refuse('staffPasswordLinkInvalid');
        const staff = (await store.byId(tx, staffId))!;
        await recordAudit(tx, { actorId: staffId, actorRole: staff.role, action: 'set_password', subjectType: 'staff', subjectId: staffId, at: now });
        await passwordChanged(tx, { staffId, language }, now);
      });
    },
  };
}
export type StaffAdminService = ReturnType<typeof createStaffAdminService>;

/** The actor role of what `npm run staff` does (no one signed in did it); the audit log reads it as "command line". */
export const COMMAND_LINE = 'command_line';

/** What an operator gives `npm run staff`: the e-mail names the person; what is left out stays as it is. */
export interface CommandLineStaff {
  email: string;
  password: string;
  firstname?: string;
  middlename?: string;
  lastname?: string;
  role?: StaffRole;
  status?: 'active' | 'inactive';
  directorate_id?: string;
  team_id?: string;
}

/**
 * The person as the command line leaves them: the options given over what is stored. A
 * directorate stays only with a role that works in one, a team only with an officer who
 * stays in its directorate. Someone new is an ethics user, active, unless told otherwise.
 */
function commandLineDraft(input: CommandLineStaff, current: StaffRecord | undefined): StaffDraft {
  const role = input.role ?? current?.role ?? 'accusation_acceptor';
  const inDirectorate = role === 'officer' || role === 'manager';
  const directorate_id = input.directorate_id ?? (inDirectorate ? (current?.directorate_id ?? null) : null);
  const keepsTeam = role === 'officer' && directorate_id === current?.directorate_id;
  return {
    email: input.email,
    firstname: input.firstname ?? current?.firstname ?? '',
    middlename: input.middlename ?? current?.middlename ?? '',
    lastname: input.lastname ?? current?.lastname ?? '',
    role,
    status: input.status ?? current?.status ?? 'active',
    directorate_id,
    team_id: input.team_id ?? (keepsTeam ? (current?.team_id ?? null) : null),
  };
}

/**
 * `npm run staff`: adds a staff user or changes one, and sets their password, which ends
 * their sessions and is mailed to them as any password change is. The admin's rules hold (the last active admin stays one); each change
 * is audited with no actor, in the same transaction, with codes and ids only. Refused
 * whole: a refused change sets no password either.
 */
export async function saveStaffFromCommandLine(
  { store, passwordChanged }: Pick<Dependencies, 'store' | 'passwordChanged'>, input: CommandLineStaff, now: Date,
) {
  // The rule every password set by or for staff follows.
  checkPassword(input.password, input.email);
  const passwordHash = await hash(input.password);
  return store.transaction(async (tx) => {
    const entry = (action: string, subjectId: string, before?: unknown, after?: unknown) =>
      recordAudit(tx, { actorId: null, actorRole: COMMAND_LINE, action, subjectType: 'staff', subjectId, before, after, at: now });
    const admins = await store.lockActiveAdmins(tx);
    const current = await store.byEmail(tx, normaliseEmail(input.email), true);
    const draft = commandLineDraft(input, current);
    const namesChanged = !!current && NAMES.some((key) => draft[key] !== current[key]);
    let id = current?.id;
    if (!current || namesChanged || PLACEMENT.some((key) => draft[key] !== current[key])) {
      const stored = await storeFields(store, tx, draft, current, admins, now);
      id = stored.id;
      const change = auditedChange(current, stored.fields);
      await entry(current ? 'save_staff' : 'create_staff', id, change.before, change.after);
    }
    await store.setPassword(tx, id!, passwordHash, now);
    await entry('set_password', id!);
    // Told in English: the command line knows no language of theirs.
    await passwordChanged(tx, { staffId: id!, language: 'en' }, now);
    return { staff: (await store.byId(tx, id!))!, created: !current };
  });
}
