import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { httpStatus } from '../app/http.ts';
import { directoratesQuery, divisionQuery } from '../features/divisions/api.ts';
import { DivisionPage } from '../features/divisions/division-page.tsx';
import { PublicNotFound } from '../ui/not-found.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';
import { UUID } from '../../server/contract/constants.ts';

export const Route = createFileRoute('/division/$id')({
  staticData: { title: msg`Division` },
  loader: async ({ context: { queryClient }, params: { id } }) => {
    if (!UUID.test(id)) throw notFound();
    try {
      await Promise.all([queryClient.ensureQueryData(divisionQuery(id)), queryClient.ensureQueryData(directoratesQuery())]);
    } catch (error) {
      if (httpStatus(error) === 404 || httpStatus(error) === 400) throw notFound();
      throw error;
    }
  },
  notFoundComponent: PublicNotFound,
  component: function DivisionRoute() {
    const { id } = Route.useParams();
    return (
      <PublicLayout>
        <DivisionPage id={id} />
      </PublicLayout>
    );
  },
});
