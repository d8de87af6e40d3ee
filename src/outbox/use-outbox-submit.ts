import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UploadError } from '../app/http.ts';
import { serverMessage } from '../i18n/locales.ts';
import { useLocale } from '../i18n/use-locale.ts';
import { toast } from '../ui/toast.tsx';
import { useServerRefusal } from '../ui/use-server-refusal.ts';
import { outbox } from './outbox.ts';
import { submitThroughOutbox, type OutboxDraft, type SubmitResult } from './sender.ts';

/** A submission the server took, or one the outbox keeps until it can. */
export type Delivered = Exclude<SubmitResult, { kind: 'refused' }>;

/**
 * The submit of every form that sends through the outbox (the accusation, the case
 * application). Sent: a toast with the server's words and the receipt. Kept in the outbox
 * (no connection): a toast with `queuedText`. Either way the outbox item being edited
 * ("Edit and resend", `replaces`) gives way to what was just sent or kept, and
 * `onDelivered` runs. Refused: the server's message as a toast, and the form keeps the
 * person's text.
 */
export function useOutboxSubmit({
  replaces,
  queuedText,
  onDelivered,
  onRefused,
}: {
  replaces?: string;
  queuedText: string;
  onDelivered?: (result: Delivered) => void;
  /** The form still shows what was refused (its draft keeps it again). */
  onRefused?: () => void;
}) {
  const locale = useLocale();
  const showRefusal = useServerRefusal();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (draft: OutboxDraft) => {
      setProgress(0);
      return submitThroughOutbox(draft, setProgress);
    },
    onSuccess: (result) => {
      if (result.kind === 'refused') {
        onRefused?.();
        return showRefusal(new UploadError(result.status ?? 400, result.body));
      }
      if (replaces) void outbox.remove(replaces);
      toast('success', result.kind === 'sent' ? `${serverMessage(result.body, locale) ?? ''} ${result.receipt}` : queuedText);
      onDelivered?.(result);
    },
    onError: (error) => {
      onRefused?.();
      showRefusal(error);
    },
  });
  // A new submit starts a fresh mutation, so the last receipt goes as soon as it is pressed.
  const delivered = mutation.data?.kind === 'refused' ? undefined : mutation.data;
  // `reset` clears the receipt, for "file another" after the confirmation panel.
  return { submit: mutation.mutate, isPending: mutation.isPending, progress, delivered, reset: mutation.reset };
}
