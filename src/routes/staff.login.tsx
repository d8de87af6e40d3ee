import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../features/staff/staff-login-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { staffReturnPath } from '../app/staff-return-path.ts';

export const Route = createFileRoute('/staff/login')({
  staticData: { title: msg`Staff log in` },
  // The staff page a signed-out visit came from, to go back to after the log-in; anything else is dropped.
  validateSearch: (search: Record<string, unknown>): { next?: string } => ({ next: staffReturnPath(search.next) }),
  component: function StaffLoginRoute() {
    const { next } = Route.useSearch();
    return (
      <StaffLayout signedIn={false}>
        <StaffLoginPage returnTo={next} />
      </StaffLayout>
    );
  },
});
