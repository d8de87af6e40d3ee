import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { divisionsQuery, isOffered } from '../features/divisions/api.ts';
import { ApplyPage } from '../features/cases/apply-page.tsx';

export const Route = createFileRoute('/dashboard/cases')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(divisionsQuery()),
  component: function ApplyRoute() {
    // SPEC section 9: only active divisions with special "no" are selectable.
    const { data: divisions } = useSuspenseQuery({ ...divisionsQuery(), select: (all) => all.filter(isOffered) });
    return <ApplyPage divisions={divisions} />;
  },
});
