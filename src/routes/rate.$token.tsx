import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RatePage } from '../features/cases/rate-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

/** Issue 25: the "answered" mail's one-tap rating link; no log-in, whoever opens it. */
export const Route = createFileRoute('/rate/$token')({
  staticData: { title: msg`Rate the service` },
  component: function RateRoute() {
    const { token } = Route.useParams();
    return (
      <PublicLayout>
        <RatePage token={token} />
      </PublicLayout>
    );
  },
});
