import { OutboxLink } from './outbox-link.tsx';
import { isPending, useOutbox } from './outbox.ts';

/** The header's link following the outbox live through Dexie, in this tab and in others. */
export function LiveOutboxLink({ untilRead }: { untilRead: number }) {
  const items = useOutbox();
  return <OutboxLink pending={items ? items.filter(isPending).length : untilRead} />;
}
