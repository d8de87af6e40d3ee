import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { staffSession } from '../app/staff-session.ts';
import { loadStaffTexts } from '../i18n/i18n.ts';

// Staff pages other than the log-in and the mailed set-password link need a staff token.
const PUBLIC_PAGE = /^\/staff\/(login$|set-password\/)/;

export const Route = createFileRoute('/staff')({
  beforeLoad: async ({ location }) => {
    // A staff link opened in a new tab takes the sign-in of an open staff tab.
    await staffSession.restore();
    // Signed out: the log-in, which comes back to this page (review defect 4: links that survive).
    if (!PUBLIC_PAGE.test(location.pathname) && !staffSession.token()) throw redirect({ to: '/staff/login', search: { next: location.href } });
    // The staff's own catalog, before any staff page renders (issue 13: visitors never load it).
    await loadStaffTexts();
  },
  component: function StaffRoute() {
    return <Outlet />;
  },
});
