import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { divisionsQuery, isOffered } from '../features/divisions/api.ts';
import { ApplyPage } from '../features/cases/apply-page.tsx';
import { outboxSearch } from './-search.ts';

export const Route = createFileRoute('/dashboard/cases')({
  staticData: { title: msg`Apply case` },
  validateSearch: outboxSearch,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(divisionsQuery()),
  component: function ApplyRoute() {
    const { customerId } = Route.useRouteContext();
    const { outbox } = Route.useSearch();
    // SPEC section 9: only active divisions with special "no" are selectable.
    const { data: divisions } = useSuspenseQuery({ ...divisionsQuery(), select: (all) => all.filter(isOffered) });
    return <ApplyPage key={outbox ?? 'new'} divisions={divisions} customerId={customerId} outboxId={outbox} />;
  },
});
