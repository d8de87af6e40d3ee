import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { DetailsList } from '../../ui/details-list.tsx';
import { DetailsSection } from '../../ui/details-section.tsx';
import type { StaffCase } from '../../app/staff-cases.ts';

/** The customer's rating of the case (issue 25): its stars as a number, when, and their comment, for staff who may read the case. */
export function CaseRating({ rating }: { rating: StaffCase['rating'] }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (!rating) return null;
  const value = rating.rate;
  return (
    <DetailsSection title={<Trans>Customer's rating</Trans>}>
      <DetailsList
        testId="case-rating"
        rows={[
          [<Trans>Stars</Trans>, t`${value} of 5 stars`],
          [<Trans>Rated date</Trans>, formatDate(rating.at, locale)],
          // The customer's own words, line breaks kept.
          [<Trans>Comment</Trans>, rating.comment ? <span className="remark">{rating.comment}</span> : undefined],
        ]}
      />
    </DetailsSection>
  );
}
