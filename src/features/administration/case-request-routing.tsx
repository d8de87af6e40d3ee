import { useLingui } from '@lingui/react/macro';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { AdminCaseRequest, AdminDirectorate } from './api.ts';

/** A directorate's name in the reader's language, marked when it is no longer active. */
export function useDirectorateLabel() {
  const { t } = useLingui();
  const locale = useLocale();
  return (directorate: AdminDirectorate) => {
    const name = localized(directorate, 'name', locale);
    return directorate.status === 'active' ? name : t`${name} (inactive)`;
  };
}

/**
 * Where the cases of a request with no directorate go: the division's first active directorate
 * by English name, then id, as the server files them (server/cases/routing-sql.ts). For the
 * form's choice; the list shows what the server says (`handling_directorate_id`).
 */
export const fallbackDirectorate = (directorates: AdminDirectorate[]) =>
  directorates
    .filter((each) => each.status === 'active')
    .sort((a, b) => (a.name_en === b.name_en ? (a.id < b.id ? -1 : 1) : a.name_en < b.name_en ? -1 : 1))[0];

/**
 * Review defect 8: which directorate's queue a case request's cases land in, on its row of the
 * list. Its own directorate (marked when inactive: its cases still go there); without one, a
 * flag naming the directorate they fall to, or saying that none will take them.
 */
export function CaseRequestRouting({ request, directorates }: { request: AdminCaseRequest; directorates: AdminDirectorate[] }) {
  const { t } = useLingui();
  const label = useDirectorateLabel();
  const own = directorates.find((each) => each.id === request.directorate_id);
  if (own) {
    return (
      <span className={own.status === 'active' ? 'muted case-request-routing' : 'badge badge-amber case-request-routing'}>
        {t`Handled by ${label(own)}`}
      </span>
    );
  }
  const fallback = directorates.find((each) => each.id === request.handling_directorate_id);
  return (
    <span className="badge badge-amber case-request-routing">
      {fallback ? t`No directorate: cases go to ${label(fallback)}` : t`No directorate, and the division has no active one: its cases reach no queue`}
    </span>
  );
}
