import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import type { AccusationFilters, AccusationStatus } from '../features/accusation-review/api.ts';
import { AccusationListPage } from '../features/accusation-review/accusation-list-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { pageParam, sortParam, textParam } from './-search.ts';

const STATES: AccusationStatus[] = ['received', 'under_review', 'closed'];
/** A state the inbox can filter by, or none (every state). */
const accusationStatusParam = (value: unknown) => STATES.find((state) => state === value);

export const Route = createFileRoute('/staff/accusations/')({
  staticData: { title: msg`Accusations` },
  validateSearch: (search: Record<string, unknown>): Partial<AccusationFilters> => ({
    page: pageParam(search.page),
    // Newest first is the default: only "oldest first" is kept in the URL.
    sort: sortParam(search.sort) === 1 ? 1 : undefined,
    name: textParam(search.name),
    phone: textParam(search.phone),
    reference: textParam(search.reference),
    status: accusationStatusParam(search.status),
  }),
  component: function AccusationsRoute() {
    const search = Route.useSearch();
    const filters: AccusationFilters = {
      page: search.page ?? 1, sort: search.sort ?? -1, name: search.name ?? '', phone: search.phone ?? '', reference: search.reference ?? '', status: search.status ?? '',
    };
    return (
      <StaffLayout>
        <AccusationListPage key={`${filters.name}|${filters.phone}|${filters.reference}`} filters={filters} />
      </StaffLayout>
    );
  },
});
