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
import type { SessionClaims } from '../auth/tokens.ts';
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

/** What the audit log keeps of a staff user: everything the admin can change. */
const audited = ({ email, firstname, middlename, lastname, role, status, directorate_id, team_id }: StaffFields) => ({
  email, firstname, middlename, lastname, role, status, directorate_id, team_id,
});

const shaped = (record: StaffRecord) => ({
  ...record,
  last_sign_in_at: record.last_sign_in_at ? new Date(record.last_sign_in_at).toISOString() : null,
});

/** The admin's rules for staff users, with no HTTP in them. */
export function createStaffAdminService({ store, mailer, publicUrl, clock, passwordChanged }: Dependencies) {
  const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

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
        const fields = checkedFields(draft, current);
        if (fields.directorate_id) {
          const placement = await store.placement(tx, fields.directorate_id, fields.team_id);
          if (!placement.directorate) throw refuse('staffDirectorateUnknown');
          if (fields.team_id && !placement.team) throw refuse('staffTeamOutsideDirectorate');
        }
        if (await store.emailTaken(tx, fields.email, current?.id ?? null)) throw new ApiError(409, 'staffEmailTaken');

        const wasAdmin = current?.role === 'admin' && current.status === 'active';
        const staysAdmin = fields.role === 'admin' && fields.status === 'active';
        if (wasAdmin && !staysAdmin && admins.every((id) => id === current.id)) throw new ApiError(409, 'lastAdmin');

        let id: string;
        if (current) {
          // A token carries its role: a new role or a deactivation ends every session the person had.
          const endSessions = fields.status === 'inactive' || fields.role !== current.role;
          await store.update(tx, current.id, fields, endSessions, now);
          id = current.id;
        } else {
          id = await store.insert(tx, fields);
        }
        const sendLink = fields.status === 'active' && (!current || draft.send_password_link === true);
        const token = sendLink ? randomBytes(32).toString('base64url') : undefined;
        if (token) await store.insertPasswordLink(tx, id, tokenHash(token), PASSWORD_LINK_TTL_SECONDS);
        await recordAudit(tx, {
          actorId: session.id,
          actorRole: session.role,
          action: current ? 'save_staff' : 'create_staff',
          subjectType: 'staff',
          subjectId: id,
          before: current ? audited(current) : undefined,
          after: { ...audited(fields), ...(sendLink ? { password_link_sent: true } : {}) },
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
