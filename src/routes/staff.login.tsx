import { createFileRoute } from '@tanstack/react-router';
import { StaffLoginPage } from '../features/staff/staff-login-page.tsx';

export const Route = createFileRoute('/staff/login')({
  component: StaffLoginPage,
});
