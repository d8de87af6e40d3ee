import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { Division } from '../../../server/contract/divisions.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { useOutboxSubmit } from '../../outbox/use-outbox-submit.ts';
import { ApplyConfirmStep } from './apply-confirm-step.tsx';
import { ApplyDoneStep } from './apply-done-step.tsx';
import { ApplyFormStep } from './apply-form-step.tsx';
import { useApplicationForm } from './use-application-form.ts';

/** SPEC section 2 /dashboard/cases: the apply form, its confirmation, then submit. */
export function ApplyPage({ divisions, customerId, outboxId }: { divisions: Division[]; customerId: string; outboxId?: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useApplicationForm({ divisions, customerId, outboxId });
  const [confirming, setConfirming] = useState(false);
  const submit = useOutboxSubmit({
    replaces: outboxId,
    queuedText: t`No connection: your application is saved on this device and will be sent when the connection returns.`,
    onDelivered: (result) => {
      if (result.kind === 'sent') void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cases() });
    },
    onRefused: () => void form.deviceDraft.saveNow(),
  });

  if (submit.delivered) return <ApplyDoneStep delivered={submit.delivered} />;
  if (confirming) {
    return (
      <ApplyConfirmStep
        form={form}
        sending={submit.isPending ? submit.progress : undefined}
        onCancel={() => setConfirming(false)}
        onApply={() => {
          // From here the outbox keeps it: a draft as well would offer it a second time after a reload.
          void form.deviceDraft.forget();
          submit.submit(form.draft());
        }}
      />
    );
  }
  return (
    <ApplyFormStep
      form={form}
      divisions={divisions}
      onDone={() => {
        setConfirming(true);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
