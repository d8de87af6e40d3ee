import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../app/session.ts';
import { PrintPage } from '../features/cases/print-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';
import { CustomerFrame } from './-customer-frame.tsx';

export const Route = createFileRoute('/print/$id')({
  staticData: { title: msg`Print` },
  component: function PrintRoute() {
    const { id } = Route.useParams();
    // A signed-in customer stays in the dashboard's frame; a visitor gets the public bars.
    const Frame = useSession() ? CustomerFrame : PublicLayout;
    return (
      <Frame>
        <PrintPage id={id} />
      </Frame>
    );
  },
});
