import { createFileRoute } from '@tanstack/react-router';
import { DashboardHome } from '../features/accounts/dashboard-home.tsx';

export const Route = createFileRoute('/dashboard/')({
  component: DashboardHome,
});
