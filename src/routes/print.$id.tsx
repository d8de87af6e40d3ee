import { createFileRoute } from '@tanstack/react-router';
import { PrintPage } from '../features/cases/print-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/print/$id')({
  component: function PrintRoute() {
    const { id } = Route.useParams();
    return (
      <PublicLayout>
        <PrintPage id={id} />
      </PublicLayout>
    );
  },
});
