import { createFileRoute } from '@tanstack/react-router';
import type { AccusationFilters } from '../features/staff/api.ts';
import { AccusationListPage } from '../features/staff/accusation-list-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/accusations/')({
  validateSearch: (search: Record<string, unknown>): Partial<AccusationFilters> => {
    const page = Number(search.page);
    return {
      page: Number.isInteger(page) && page > 0 ? page : undefined,
      sort: Number(search.sort) === 1 ? 1 : undefined,
      // The router reads numbers out of the URL; a phone filter is text whatever it looks like.
      name: search.name != null && search.name !== '' ? String(search.name) : undefined,
      phone: search.phone != null && search.phone !== '' ? String(search.phone) : undefined,
    };
  },
  component: function AccusationsRoute() {
    const search = Route.useSearch();
    const filters: AccusationFilters = { page: search.page ?? 1, sort: search.sort ?? -1, name: search.name ?? '', phone: search.phone ?? '' };
    return (
      <StaffLayout>
        <AccusationListPage key={`${filters.name}|${filters.phone}`} filters={filters} />
      </StaffLayout>
    );
  },
});
