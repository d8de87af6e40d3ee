import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { httpStatus } from '../app/http.ts';
import { staffCaseQuery } from '../app/staff-cases.ts';
import { FileCaseAction } from '../features/archive/file-case-action.tsx';
import { CaseWorkPage } from '../features/casework/case-work-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/cases/$id')({
  staticData: { title: msg`Case` },
  loader: async ({ context: { queryClient }, params: { id }, location }) => {
    try {
      await queryClient.ensureQueryData(staffCaseQuery(id));
    } catch (error) {
      // Another directorate's case does not exist for this staff user, as for customers.
      if (httpStatus(error) === 404 || httpStatus(error) === 400) throw notFound();
      if (httpStatus(error) === 401) throw redirect({ to: '/staff/login', search: { next: location.href } });
      throw error;
    }
  },
  component: function StaffCaseRoute() {
    const { id } = Route.useParams();
    return (
      <StaffLayout>
        <CaseWorkPage id={id} archiveAction={(kase) => <FileCaseAction kase={kase} />} />
      </StaffLayout>
    );
  },
});
