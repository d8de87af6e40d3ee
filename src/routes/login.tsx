import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/accounts/login-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/login')({
  component: () => (
    <PublicLayout>
      <LoginPage />
    </PublicLayout>
  ),
});
