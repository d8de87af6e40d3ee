import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { accusationQuery } from '../features/accusation-review/api.ts';
import { AccusationPage } from '../features/accusation-review/accusation-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/accusations/$id')({
  staticData: { title: msg`Accusation` },
  loader: ({ context: { queryClient }, params: { id } }) => queryClient.ensureQueryData(accusationQuery(id)),
  component: function AccusationRoute() {
    const { id } = Route.useParams();
    return (
      <StaffLayout>
        <AccusationPage id={id} />
      </StaffLayout>
    );
  },
});
