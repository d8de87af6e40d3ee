import { createFileRoute } from '@tanstack/react-router';
import { ManualPage } from '../features/manual/manual-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/manual')({
  component: () => (
    <PublicLayout>
      <ManualPage />
    </PublicLayout>
  ),
});
