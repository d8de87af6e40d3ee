import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../outbox/outbox-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/outbox')({
  staticData: { title: msg`Outbox` },
  component: () => (
    <PublicLayout>
      <OutboxPage />
    </PublicLayout>
  ),
});
