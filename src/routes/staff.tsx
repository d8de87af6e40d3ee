import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { staffSession } from '../features/staff/staff-session.ts';

// Staff pages other than the log-in need an accusation acceptor's token.
export const Route = createFileRoute('/staff')({
  beforeLoad: ({ location }) => {
    if (location.pathname !== '/staff/login' && !staffSession.token()) throw redirect({ to: '/staff/login' });
  },
  component: function StaffRoute() {
    return <Outlet />;
  },
});
