import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { directoratesOf, directoratesQuery, divisionQuery } from './api.ts';
import { BackLink } from '../../ui/back-link.tsx';

/** SPEC section 2 "Division": back link, name, description, "Directorates under" grid. */
export function DivisionPage({ id }: { id: string }) {
  const locale = useLocale();
  const { data: division } = useSuspenseQuery(divisionQuery(id));
  const { data: directorates } = useSuspenseQuery({
    ...directoratesQuery(),
    select: (all) => directoratesOf(all, id),
  });
  const name = localized(division, 'name', locale);
  return (
    <main className="page" id="main">
      <BackLink to="/" />
      <h1>{name}</h1>
      <p className="lead">{localized(division, 'description', locale)}</p>
      <section aria-labelledby="directorates-heading">
        <h2 id="directorates-heading">
          <Trans>Directorates under {name}</Trans>
        </h2>
        {directorates.length === 0 ? (
          <p className="notice">
            <Trans>No directorates are listed for this division yet.</Trans>
          </p>
        ) : (
          <ul className="directorate-grid">
            {directorates.map((directorate) => (
              <li key={directorate._id} className="directorate-card">
                {localized(directorate, 'name', locale)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
