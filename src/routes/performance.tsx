import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PerformancePage } from '../features/performance/performance-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

/** Issue 28: the corporation's performance, public, by month; its open data is linked from it. */
export const Route = createFileRoute('/performance')({
  staticData: { title: msg`Our performance` },
  component: () => (
    <PublicLayout>
      <PerformancePage />
    </PublicLayout>
  ),
});
