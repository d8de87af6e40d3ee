import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AssigneeSelect } from '../../ui/staff/assignee-select.tsx';
import { ConfirmForm } from '../../ui/staff/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { httpStatus } from '../../app/http.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { accusationActions, ethicsUsersQuery, accusationReviewKeys, type AccusationCase } from './api.ts';
import { staffName } from '../../ui/staff/staff-name.ts';

type Step = 'start' | 'close' | 'assign' | 'note';

/**
 * What an ethics user can do to an accusation in its state: start the review,
 * close it with an outcome, give it to someone, add an internal note. Each asks first and
 * names the version on screen, so an accusation someone else changed meanwhile is refused
 * (409), said so, and reloaded instead of overwritten.
 */
export function AccusationActions({ accusation }: { accusation: AccusationCase }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const [step, setStep] = useState<Step>();
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState('');
  const open = (next: Step) => {
    setStep(next);
    setText('');
    setAssignee('');
  };
  const { id, version } = { id: accusation._id, version: accusation.version };

  const act = useMutation({
    mutationFn: (chosen: Step) => {
      if (chosen === 'start') return accusationActions.move(id, { status: 'under_review', version });
      if (chosen === 'close') return accusationActions.move(id, { status: 'closed', outcome: text, version });
      if (chosen === 'assign') return accusationActions.assign(id, { assignee, version });
      return accusationActions.note(id, text);
    },
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      setStep(undefined);
    },
    onError: (error) => {
      showRefusal(error);
      // Someone else acted first: show what is true now.
      if (httpStatus(error) === 409) setStep(undefined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accusationReviewKeys.all }),
  });

  const closed = accusation.status === 'closed';
  return (
    <section className="details-section" aria-labelledby="accusation-actions">
      <h2 id="accusation-actions">
        <Trans>Actions</Trans>
      </h2>
      {!step && (
        <div className="form-actions action-buttons">
          {accusation.status === 'received' && (
            <button type="button" className="button button-primary" onClick={() => open('start')}>
              <Trans>Start review</Trans>
            </button>
          )}
          {accusation.status === 'under_review' && (
            <button type="button" className="button button-primary" onClick={() => open('close')}>
              <Trans>Close with outcome</Trans>
            </button>
          )}
          {!closed && (
            <button type="button" className="button button-outline" onClick={() => open('assign')}>
              <Trans>Assign</Trans>
            </button>
          )}
          <button type="button" className="button button-outline" onClick={() => open('note')}>
            <Trans>Add internal note</Trans>
          </button>
        </div>
      )}
      {step === 'start' && (
        <ConfirmForm className="form confirmation" testId="accusation-confirmation" busy={act.isPending} onConfirm={() => act.mutate('start')} onCancel={() => setStep(undefined)}>
          <p>
            <Trans>Start the review of this accusation? If nobody has it yet, it is given to you.</Trans>
          </p>
        </ConfirmForm>
      )}
      {step === 'close' && (
        <ConfirmForm className="form confirmation" testId="accusation-confirmation" busy={act.isPending} onConfirm={() => act.mutate('close')} onCancel={() => setStep(undefined)} ready={text.trim() !== ''}>
          <p>
            <Trans>Close this accusation? The complainant will see that it is closed, but not the outcome.</Trans>
          </p>
          <TextAreaField rows={5} id="accusation-outcome" label={t`Outcome`} value={text} onChange={setText} />
        </ConfirmForm>
      )}
      {step === 'assign' && (
        <ConfirmForm className="form confirmation" testId="accusation-confirmation" busy={act.isPending} onConfirm={() => act.mutate('assign')} onCancel={() => setStep(undefined)} ready={assignee !== ''}>
          <EthicsUserSelect value={assignee} onChange={setAssignee} current={accusation.assignedTo?._id} />
        </ConfirmForm>
      )}
      {step === 'note' && (
        <ConfirmForm className="form confirmation" testId="accusation-confirmation" busy={act.isPending} onConfirm={() => act.mutate('note')} onCancel={() => setStep(undefined)} ready={text.trim() !== ''}>
          <p>
            <Trans>Internal notes are seen by ethics users only, never by the complainant.</Trans>
          </p>
          <TextAreaField rows={5} id="accusation-note" label={t`Internal note`} value={text} onChange={setText} />
        </ConfirmForm>
      )}
    </section>
  );
}

/** The active ethics users, with how many open accusations each has already. */
function EthicsUserSelect({ value, onChange, current }: { value: string; onChange: (id: string) => void; current?: string }) {
  const { t } = useLingui();
  const users = useQuery(ethicsUsersQuery());
  const people = users.data?.users.filter((user) => user._id !== current).map((user) => ({ _id: user._id, name: staffName(user), open: user.open }));
  return (
    <AssigneeSelect id="accusation-assignee" label={<Trans>Give it to</Trans>} placeholder={t`Choose an ethics user`} people={people} value={value} onChange={onChange} />
  );
}
