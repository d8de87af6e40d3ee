import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { staffListQuery } from '../features/administration/staff-users-api.ts';
import { StaffListPage } from '../features/administration/staff-list-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/people')({
  staticData: { title: msg`Staff users` },
  loader: ({ context }) => context.queryClient.ensureQueryData(staffListQuery()),
  component: () => (
    <StaffLayout>
      <StaffListPage />
    </StaffLayout>
  ),
});
