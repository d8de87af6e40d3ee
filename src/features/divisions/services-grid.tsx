import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { httpStatus, isRateLimited } from '../../app/http.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { divisionsQuery, isOffered } from './api.ts';

/** The landing page's Services grid: one card per offered division (SPEC section 2). */
export function ServicesGrid() {
  const locale = useLocale();
  const divisions = useQuery({ ...divisionsQuery(), select: (all) => all.filter(isOffered) });

  // SPEC section 4: loading, limitError on a 429, error otherwise.
  if (divisions.isPending) {
    return (
      <ul className="services-grid" aria-busy="true">
        {[0, 1, 2, 3].map((n) => (
          <li key={n} className="service-card service-card-placeholder" />
        ))}
      </ul>
    );
  }
  if (divisions.isError) {
    return (
      <p className="notice" role="alert">
        {isRateLimited(divisions.error) ? (
          <Trans>Please wait 3 minutes before retrying.</Trans>
        ) : httpStatus(divisions.error) === undefined ? (
          <Trans>The services could not be loaded. Check your connection and try again.</Trans>
        ) : (
          <Trans>The services could not be loaded. Please try again later.</Trans>
        )}
      </p>
    );
  }
  return (
    <ul className="services-grid" data-testid="services-grid">
      {divisions.data.map((division) => (
        <li key={division._id}>
          <Link to="/division/$id" params={{ id: division._id }} className="service-card">
            <span className="service-card-icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22">
                <path d="M4 21V9l8-5 8 5v12h-5v-6H9v6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              </svg>
            </span>
            <span className="service-card-name">{localized(division, 'name', locale)}</span>
            <span className="service-card-description">{localized(division, 'description', locale)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
