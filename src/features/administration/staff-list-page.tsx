import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { organisationQuery, staffListQuery, type StaffMember } from './staff-users-api.ts';
import { ROLE_LABEL } from '../../ui/staff/role-label.ts';
import { StaffForm } from './staff-form.tsx';

/** The admin's list of staff users: role, placement, status, last sign-in; one opens in the form. */
export function StaffListPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { data } = useSuspenseQuery(staffListQuery());
  const organisation = useQuery(organisationQuery());
  // undefined: no form; null: adding; a member: editing.
  const [editing, setEditing] = useState<StaffMember | null | undefined>(undefined);
  const directorates = organisation.data?.directorates ?? [];
  const teams = organisation.data?.teams ?? [];
  const nameOf = (list: { _id: string }[], id: string | null) => {
    const found = id ? list.find((item) => item._id === id) : undefined;
    return found ? localized(found as never, 'name', locale) : '';
  };
  const lastSignIn = (iso: string | null) => (iso ? `${formatDate(iso, locale)} ${formatTime(new Date(iso), locale)}` : t`Never`);

  return (
    <>
      <div className="page-title-row">
        <h1><Trans>Staff users</Trans></h1>
        <button type="button" className="button button-primary" onClick={() => setEditing(null)}><Trans>Add a staff user</Trans></button>
      </div>
      {editing !== undefined && (
        <StaffForm key={editing?.id ?? 'new'} member={editing ?? undefined} directorates={directorates} teams={teams} onDone={() => setEditing(undefined)} />
      )}
      <div className="case-table-wrap">
        <table className="case-table stack-table staff-table">
          <thead>
            <tr>
              <th><Trans>Name</Trans></th>
              <th><Trans>E-mail</Trans></th>
              <th><Trans>Role</Trans></th>
              <th><Trans>Directorate</Trans></th>
              <th><Trans>Team</Trans></th>
              <th><Trans>Status</Trans></th>
              <th><Trans>Last sign-in</Trans></th>
              <th><span className="visually-hidden"><Trans>Actions</Trans></span></th>
            </tr>
          </thead>
          <tbody>
            {data.staff.map((member) => (
              <tr key={member.id}>
                <td data-label={t`Name`}><strong>{personName(member)}</strong></td>
                <td data-label={t`E-mail`}>{member.email}</td>
                <td data-label={t`Role`}>{i18n._(ROLE_LABEL[member.role])}</td>
                <td data-label={t`Directorate`}>{nameOf(directorates, member.directorate_id)}</td>
                <td data-label={t`Team`}>{nameOf(teams, member.team_id)}</td>
                <td data-label={t`Status`}>
                  <span className={`badge ${member.status === 'active' ? 'badge-green' : 'badge-grey'}`}>
                    {member.status === 'active' ? t`Active` : t`Inactive`}
                  </span>
                  {!member.password_set && <span className="muted"> · {t`No password yet`}</span>}
                </td>
                <td data-label={t`Last sign-in`}>{lastSignIn(member.last_sign_in_at)}</td>
                <td>
                  <button type="button" className="button button-outline" onClick={() => setEditing(member)}
                    aria-label={t`Edit ${personName(member)}`}>
                    <Trans>Edit</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
