import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ArchiveWorklistPage, type Verdict, type WorklistFilters } from '../features/archive/archive-worklist-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { pageParam, textParam } from './-search.ts';

const verdict = (value: unknown): Verdict | undefined => (value === 'verified' || value === 'rejected' ? value : undefined);

/** /staff/archive: where archivists work, the closed cases still to be filed. */
export const Route = createFileRoute('/staff/archive/')({
  staticData: { title: msg`Cases to be archived` },
  validateSearch: (search: Record<string, unknown>): Partial<WorklistFilters> => ({
    page: pageParam(search.page),
    status: verdict(search.status),
    q: textParam(search.q),
  }),
  component: function ArchiveWorklistRoute() {
    const search = Route.useSearch();
    return (
      <StaffLayout>
        <ArchiveWorklistPage key={search.q ?? ''} filters={{ ...search, page: search.page ?? 1 }} />
      </StaffLayout>
    );
  },
});
