import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../features/staff/staff-login-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/login')({
  staticData: { title: msg`Staff log in` },
  component: () => (
    <StaffLayout signedIn={false}>
      <StaffLoginPage />
    </StaffLayout>
  ),
});
