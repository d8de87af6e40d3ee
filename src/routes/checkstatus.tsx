import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CheckStatusPage } from '../features/cases/check-status-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/checkstatus')({
  staticData: { title: msg`Check status` },
  component: () => (
    <PublicLayout>
      <CheckStatusPage />
    </PublicLayout>
  ),
});
