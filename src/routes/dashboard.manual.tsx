import { createFileRoute } from '@tanstack/react-router';
import { ManualPage } from '../features/manual/manual-page.tsx';

export const Route = createFileRoute('/dashboard/manual')({
  component: () => <ManualPage backTo="/dashboard" />,
});
