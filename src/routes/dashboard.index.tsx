import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '../features/cases/dashboard-home.tsx';

export const Route = createFileRoute('/dashboard/')({
  staticData: { title: msg`Dashboard` },
  component: DashboardHome,
});
