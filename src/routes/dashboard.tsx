import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../app/session.ts';
import { CustomerFrame } from './-customer-frame.tsx';

// SPEC section 2: /dashboard/* needs a session token; without one the user goes to /.
export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ location }) => {
    const current = session.get();
    if (!current) {
      // A shared case link: / says why, and the log-in opens the case.
      if (location.pathname.startsWith('/dashboard/case/')) session.rememberCaseLink(location.href);
      throw redirect({ to: '/' });
    }
    return { customerId: current.customerId };
  },
  component: CustomerFrame,
});
