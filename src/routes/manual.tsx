import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ManualPage } from '../features/manual/manual-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/manual')({
  staticData: { title: msg`Customer manual` },
  component: () => (
    <PublicLayout>
      <ManualPage />
    </PublicLayout>
  ),
});
