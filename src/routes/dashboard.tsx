import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

// SPEC section 2: the token lives in session storage under tID; without it, /dashboard/* goes to /.
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    if (!sessionStorage.getItem('tID')) throw redirect({ to: '/' });
  },
  component: Outlet,
});
