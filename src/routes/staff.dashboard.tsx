import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { summaryQuery, workloadQuery } from '../features/management/api.ts';
import { DashboardPage } from '../features/management/dashboard-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/dashboard')({
  staticData: { title: msg`Dashboard` },
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(summaryQuery()), context.queryClient.ensureQueryData(workloadQuery())]),
  component: () => (
    <StaffLayout>
      <DashboardPage />
    </StaffLayout>
  ),
});
