import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { httpStatus } from '../app/http.ts';
import { caseQuery } from '../features/cases/api.ts';
import { CasePage } from '../features/cases/case-page.tsx';

export const Route = createFileRoute('/dashboard/case/$id')({
  staticData: { title: msg`Case details` },
  loader: async ({ context: { queryClient }, params: { id } }) => {
    try {
      await queryClient.ensureQueryData(caseQuery(id));
    } catch (error) {
      if (httpStatus(error) === 404 || httpStatus(error) === 400) throw notFound();
      throw error;
    }
  },
  component: function CaseRoute() {
    const { id } = Route.useParams();
    const { customerId } = Route.useRouteContext();
    return <CasePage id={id} customerId={customerId} />;
  },
});
