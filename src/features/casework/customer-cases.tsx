import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { StaffCase } from '../../app/staff-cases.ts';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { DetailsSection } from '../../ui/details-section.tsx';
import { CaseStateBadge } from '../../ui/staff/case-state-badge.tsx';

type OtherCase = StaffCase['customer_cases'][number];

/** A case number, as a link to its staff page when this reader may open it (the server says which). */
function CaseNumber({ kase }: { kase: Pick<OtherCase, '_id' | 'case_number' | 'open'> }) {
  if (!kase.open) return <span className="case-number">{kase.case_number}</span>;
  return (
    <Link to="/staff/cases/$id" params={{ id: kase._id }} className="case-number">
      {kase.case_number}
    </Link>
  );
}

/** The case the customer named as related (SPEC's related case number): a link when it is one this reader may open. */
export function RelatedCase({ kase }: { kase: StaffCase }) {
  const related = kase.related_case_id;
  if (!related) return undefined;
  const listed = kase.customer_cases.find((each) => each._id === related._id);
  return <CaseNumber kase={{ ...related, open: listed?.open ?? false }} />;
}

/**
 * The same customer's other cases (issue 24), newest first: what else they have asked for,
 * so a case is not answered blind. Only those this staff user may open are links.
 */
export function CustomerCases({ kase }: { kase: StaffCase }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (kase.customer_cases.length === 0) return null;
  return (
    <DetailsSection title={<Trans>The customer's other cases</Trans>}>
      <table className="case-table stack-table customer-cases" data-testid="customer-cases">
        <thead>
          <tr>
            <th scope="col"><Trans>Case number</Trans></th>
            <th scope="col"><Trans>Case request</Trans></th>
            <th scope="col"><Trans>Status</Trans></th>
            <th scope="col"><Trans>Submitted date</Trans></th>
          </tr>
        </thead>
        <tbody>
          {kase.customer_cases.map((other) => (
            <tr key={other._id}>
              <td><CaseNumber kase={other} /></td>
              <td data-label={t`Case request`}>{localized(other.caselist, 'case_name', locale)}</td>
              <td data-label={t`Status`}><CaseStateBadge status={other.status} /></td>
              <td data-label={t`Submitted date`}>{formatDate(other.createdAt, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DetailsSection>
  );
}
