import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { adminDivisionsQuery } from '../features/administration/api.ts';
import { ReferencePage } from '../features/administration/reference-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/admin')({
  staticData: { title: msg`Organisation and services` },
  loader: ({ context }) => context.queryClient.ensureQueryData(adminDivisionsQuery()),
  component: () => (
    <StaffLayout>
      <ReferencePage />
    </StaffLayout>
  ),
});
