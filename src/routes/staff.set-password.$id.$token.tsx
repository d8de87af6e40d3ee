import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '../features/administration/set-password-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

export const Route = createFileRoute('/staff/set-password/$id/$token')({
  staticData: { title: msg`Set your staff password` },
  component: function SetStaffPasswordRoute() {
    const { id, token } = Route.useParams();
    return (
      <StaffLayout signedIn={false}>
        <SetPasswordPage id={id} token={token} />
      </StaffLayout>
    );
  },
});
