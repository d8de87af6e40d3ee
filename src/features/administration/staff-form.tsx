import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localized, serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { ROLES, saveStaff, staffAdminKeys, type StaffDraft, type StaffMember } from './staff-users-api.ts';
import { ROLE_LABEL } from '../../ui/staff/role-label.ts';
import type { Directorate, Team } from '../../../server/contract/divisions.ts';

const EMPTY: StaffDraft = { email: '', firstname: '', middlename: '', lastname: '', role: 'officer', status: 'active', directorate_id: null, team_id: null };

/**
 * Adds a staff user or edits one. The admin never types a password: a new person, or one
 * the admin ticks "send a set-password link" for, gets a link by e-mail.
 */
export function StaffForm({ member, directorates, teams, onDone }: {
  member?: StaffMember;
  directorates: Directorate[];
  teams: Team[];
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const form = useFormErrors();
  const [draft, setDraft] = useState<StaffDraft>(member ? { ...member, send_password_link: false } : EMPTY);
  const set = (change: Partial<StaffDraft>) => setDraft((current) => ({ ...current, ...change }));
  const inDirectorate = draft.role === 'officer' || draft.role === 'manager';
  const teamsHere = teams.filter((team) => team.directorate._id === draft.directorate_id && team.status === 'active');

  const save = useMutation({
    mutationFn: saveStaff,
    onSuccess: async (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved`);
      await queryClient.invalidateQueries({ queryKey: staffAdminKeys.staff() });
      onDone();
    },
    onError: refusal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ok = form.check([
      { id: 'staff-email', label: t`E-mail`, value: draft.email, required: true, email: true },
      { id: 'staff-firstname', label: t`First name`, value: draft.firstname, required: true },
      { id: 'staff-lastname', label: t`Last name`, value: draft.lastname, required: true },
      ...(inDirectorate ? [{ id: 'staff-directorate', label: t`Directorate`, value: draft.directorate_id ?? '', required: true, choose: true }] : []),
    ]);
    if (!ok) return;
    save.mutate({
      ...draft,
      // Only officers and managers work in a directorate, and only officers in a team (the server holds the same rule).
      directorate_id: inDirectorate ? draft.directorate_id : null,
      team_id: draft.role === 'officer' ? draft.team_id || null : null,
    });
  };

  return (
    <form className="panel staff-form" onSubmit={submit} noValidate aria-labelledby="staff-form-title">
      <h2 id="staff-form-title">{member ? <Trans>Edit staff user</Trans> : <Trans>Add a staff user</Trans>}</h2>
      <ErrorSummary {...form.summary} />
      <FormField id="staff-email" label={t`E-mail`} type="email" required value={draft.email} error={form.errors['staff-email']}
        onChange={(e) => set({ email: e.target.value })} autoComplete="off" />
      <div className="form-row">
        <FormField id="staff-firstname" label={t`First name`} required value={draft.firstname} error={form.errors['staff-firstname']}
          onChange={(e) => set({ firstname: e.target.value })} />
        <FormField id="staff-middlename" label={t`Middle name`} value={draft.middlename ?? ''} onChange={(e) => set({ middlename: e.target.value })} />
        <FormField id="staff-lastname" label={t`Last name`} required value={draft.lastname} error={form.errors['staff-lastname']}
          onChange={(e) => set({ lastname: e.target.value })} />
      </div>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor="staff-role"><Trans>Role</Trans></label>
          <select id="staff-role" value={draft.role} onChange={(e) => set({ role: e.target.value as StaffDraft['role'] })}>
            {ROLES.map((role) => <option key={role} value={role}>{i18n._(ROLE_LABEL[role])}</option>)}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="staff-status"><Trans>Status</Trans></label>
          <select id="staff-status" value={draft.status} onChange={(e) => set({ status: e.target.value as 'active' | 'inactive' })}>
            <option value="active">{t`Active`}</option>
            <option value="inactive">{t`Inactive`}</option>
          </select>
        </div>
      </div>
      {inDirectorate && (
        <div className="form-row">
          <div className="form-field">
            <label htmlFor="staff-directorate"><Trans>Directorate</Trans><span className="required-mark" aria-hidden="true"> *</span></label>
            <select id="staff-directorate" value={draft.directorate_id ?? ''} aria-invalid={Boolean(form.errors['staff-directorate']) || undefined}
              onChange={(e) => set({ directorate_id: e.target.value || null, team_id: null })}>
              <option value="">{t`Choose a directorate`}</option>
              {directorates.filter((d) => d.status === 'active').map((d) => <option key={d._id} value={d._id}>{localized(d, 'name', locale)}</option>)}
            </select>
            {form.errors['staff-directorate'] && <small className="form-error">{form.errors['staff-directorate']}</small>}
          </div>
          {draft.role === 'officer' && (
            <div className="form-field">
              <label htmlFor="staff-team"><Trans>Team</Trans></label>
              <select id="staff-team" value={draft.team_id ?? ''} disabled={!draft.directorate_id} onChange={(e) => set({ team_id: e.target.value || null })}>
                <option value="">{t`No team`}</option>
                {teamsHere.map((team) => <option key={team._id} value={team._id}>{localized(team, 'name', locale)}</option>)}
              </select>
            </div>
          )}
        </div>
      )}
      {member ? (
        <label className="checkbox-field">
          <input type="checkbox" checked={draft.send_password_link ?? false} onChange={(e) => set({ send_password_link: e.target.checked })} />
          <span><Trans>Send a set-password link by e-mail</Trans></span>
        </label>
      ) : (
        <p className="muted"><Trans>A link to set a password will be sent to this e-mail address.</Trans></p>
      )}
      <div className="form-actions">
        <SubmitButton busy={save.isPending}><Trans>Save</Trans></SubmitButton>
        <button type="button" className="button button-outline button-block" onClick={onDone}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}
