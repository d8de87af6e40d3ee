import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MakeAccusationPage } from '../features/accusations/make-accusation-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';
import { outboxSearch } from './-search.ts';

export const Route = createFileRoute('/makeaccusation')({
  staticData: { title: msg`Make accusation` },
  validateSearch: outboxSearch,
  component: function MakeAccusationRoute() {
    const { outbox } = Route.useSearch();
    return (
      <PublicLayout>
        <MakeAccusationPage key={outbox ?? 'new'} outboxId={outbox} />
      </PublicLayout>
    );
  },
});
