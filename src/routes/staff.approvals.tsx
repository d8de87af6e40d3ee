import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApprovalsPage } from '../features/casework/approvals-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { pageParam } from './-search.ts';

export const Route = createFileRoute('/staff/approvals')({
  staticData: { title: msg`Letters waiting for approval` },
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageParam(search.page) }),
  component: function ApprovalsRoute() {
    const { page } = Route.useSearch();
    return (
      <StaffLayout>
        <ApprovalsPage page={page ?? 1} />
      </StaffLayout>
    );
  },
});
