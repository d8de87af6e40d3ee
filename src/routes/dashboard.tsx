import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../app/session.ts';
import { DashboardLayout } from '../features/accounts/dashboard-layout.tsx';

// SPEC section 2: /dashboard/* needs a session token; without one the user goes to /.
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    const current = session.get();
    if (!current) throw redirect({ to: '/' });
    return { customerId: current.customerId };
  },
  component: DashboardLayout,
});
