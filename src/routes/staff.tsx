import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { staffSession } from '../app/staff-session.ts';

// Staff pages other than the log-in and the mailed set-password link need a staff token.
const PUBLIC_PAGE = /^\/staff\/(login$|set-password\/)/;

export const Route = createFileRoute('/staff')({
  beforeLoad: ({ location }) => {
    if (!PUBLIC_PAGE.test(location.pathname) && !staffSession.token()) throw redirect({ to: '/staff/login' });
  },
  component: function StaffRoute() {
    return <Outlet />;
  },
});
