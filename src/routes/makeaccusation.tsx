import { createFileRoute } from '@tanstack/react-router';
import { MakeAccusationPage } from '../features/accusations/make-accusation-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/makeaccusation')({
  // ?outbox=<id> reopens a refused item from the outbox for editing.
  validateSearch: (search: Record<string, unknown>): { outbox?: string } =>
    typeof search.outbox === 'string' ? { outbox: search.outbox } : {},
  component: function MakeAccusationRoute() {
    const { outbox } = Route.useSearch();
    return (
      <PublicLayout>
        <MakeAccusationPage key={outbox ?? 'new'} outboxId={outbox} />
      </PublicLayout>
    );
  },
});
