import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { staffSession } from '../app/staff-session.ts';
import { ApprovalsPage } from '../features/casework/approvals-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { pageParam } from './-search.ts';

/**
 * The letters waiting for approval: a manager's are the queue's approval view (issue 24), where
 * old links now lead; an admin, who has no queue, keeps this page.
 */
export const Route = createFileRoute('/staff/approvals')({
  staticData: { title: msg`Letters waiting for approval` },
  beforeLoad: ({ search }) => {
    if (staffSession.role() === 'manager') throw redirect({ to: '/staff', search: { view: 'approval', page: search.page }, replace: true });
  },
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
