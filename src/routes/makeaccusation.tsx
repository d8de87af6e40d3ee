import { createFileRoute } from '@tanstack/react-router';
import { MakeAccusationPage } from '../features/accusations/make-accusation-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/makeaccusation')({
  component: () => (
    <PublicLayout>
      <MakeAccusationPage />
    </PublicLayout>
  ),
});
