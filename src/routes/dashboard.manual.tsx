import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ManualPage } from '../features/manual/manual-page.tsx';

export const Route = createFileRoute('/dashboard/manual')({
  staticData: { title: msg`Customer manual` },
  component: () => <ManualPage backTo="/dashboard" />,
});
