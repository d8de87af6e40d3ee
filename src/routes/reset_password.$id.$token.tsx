import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/accounts/reset-password-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/reset_password/$id/$token')({
  staticData: { title: msg`Reset password` },
  component: function ResetPasswordRoute() {
    const { id, token } = Route.useParams();
    return (
      <PublicLayout>
        <ResetPasswordPage id={id} token={token} />
      </PublicLayout>
    );
  },
});
