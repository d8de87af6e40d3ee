import { createFileRoute } from '@tanstack/react-router';
import { SignInNotice } from '../app/sign-in-notice.tsx';
import { divisionsQuery } from '../features/divisions/api.ts';
import { ServicesGrid } from '../features/divisions/services-grid.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/')({
  // SPEC section 2: the landing page triggers a divisions load; the grid shows its states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(divisionsQuery()),
  component: () => (
    <PublicLayout>
      <SignInNotice />
      <LandingPage services={<ServicesGrid />} />
    </PublicLayout>
  ),
});
