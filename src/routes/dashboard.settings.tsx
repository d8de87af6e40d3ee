import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { customerQuery } from '../features/accounts/api.ts';
import { ProfilePage } from '../features/accounts/profile-page.tsx';

export const Route = createFileRoute('/dashboard/settings')({
  staticData: { title: msg`Profile` },
  loader: ({ context: { queryClient, customerId } }) => queryClient.ensureQueryData(customerQuery(customerId)),
  component: function SettingsRoute() {
    const { customerId } = Route.useRouteContext();
    return <ProfilePage customerId={customerId} />;
  },
});
