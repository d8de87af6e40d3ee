import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../outbox/outbox-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/outbox')({
  component: () => (
    <PublicLayout>
      <OutboxPage />
    </PublicLayout>
  ),
});
