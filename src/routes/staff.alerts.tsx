import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../features/staff/alerts-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

/** My alerts (every staff role): the signed-in user's own, and their e-mail setting. */
export const Route = createFileRoute('/staff/alerts')({
  staticData: { title: msg`My alerts` },
  component: () => (
    <StaffLayout>
      <AlertsPage />
    </StaffLayout>
  ),
});
