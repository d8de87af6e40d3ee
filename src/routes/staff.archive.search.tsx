import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import type { ArchiveSearch } from '../features/archive/api.ts';
import { ArchiveSearchPage } from '../features/archive/archive-search-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { pageParam, textParam } from './-search.ts';

const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** /staff/archive/search: filed cases by category, case number and the days they were filed. */
export const Route = createFileRoute('/staff/archive/search')({
  staticData: { title: msg`Search the archive` },
  validateSearch: (search: Record<string, unknown>): Partial<ArchiveSearch> => ({
    page: pageParam(search.page),
    category: textParam(search.category),
    case_number: textParam(search.case_number),
    from: day(search.from),
    to: day(search.to),
  }),
  component: function ArchiveSearchRoute() {
    const search = Route.useSearch();
    return (
      <StaffLayout>
        <ArchiveSearchPage key={JSON.stringify(search)} search={{ ...search, page: search.page ?? 1 }} />
      </StaffLayout>
    );
  },
});
