import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { StaffRole } from '../../app/staff-session.ts';
import { staffCaseKeys, type StaffCase } from '../../app/staff-cases.ts';
import { localized, serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { ConfirmDialog } from '../../ui/staff/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { transferCase, transferTargetsQuery } from './api.ts';

/** A case not yet answered may still go to the directorate that should answer it (the server holds the same rule). */
export const mayTransfer = (kase: Pick<StaffCase, 'status'>, role: StaffRole | undefined) =>
  (role === 'manager' || role === 'admin') && (kase.status === 'pending' || kase.status === 'ongoing');

/**
 * A manager's (or an admin's) transfer of a misrouted case to another directorate, of any
 * division, with the reason. The case then leaves this directorate's queue, so the page goes
 * back to the queue; its customer is not told and keeps the case's number.
 */
export function CaseTransfer({ kase, role }: { kase: StaffCase; role: StaffRole | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showRefusal = useServerRefusal();
  const [open, setOpen] = useState(false);
  const [directorate, setDirectorate] = useState('');
  const [reason, setReason] = useState('');
  const transfer = useMutation({
    mutationFn: () => transferCase(kase._id, { directorate_id: directorate, reason: reason.trim(), version: kase.version }),
    onSuccess: async (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      setOpen(false);
      // The case is another directorate's now: this reader's page of it would be a 404.
      queryClient.removeQueries({ queryKey: staffCaseKeys.detail(kase._id) });
      await navigate({ to: '/staff' });
    },
    onError: showRefusal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffCaseKeys.all }),
  });

  if (!mayTransfer(kase, role)) return null;
  const start = () => {
    setDirectorate('');
    setReason('');
    setOpen(true);
  };
  return (
    <div className="case-actions">
      <button type="button" className="button button-outline case-transfer" onClick={start}>
        <Trans>Transfer to another directorate</Trans>
      </button>
      {open && (
        <ConfirmDialog
          title={<Trans>Transfer case {kase.case_number}</Trans>}
          busy={transfer.isPending}
          ready={directorate !== '' && reason.trim() !== ''}
          onConfirm={() => transfer.mutate()}
          onCancel={() => setOpen(false)}
        >
          <p>
            <Trans>
              The case leaves this directorate's queue and its officer is cleared. Its state, division, case request and number stay;
              the customer is not told.
            </Trans>
          </p>
          <DirectorateSelect current={kase.directorate?._id} value={directorate} onChange={setDirectorate} />
          <TextAreaField id="transfer-reason" label={t`Reason for the transfer`} value={reason} onChange={setReason} rows={4} />
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Every active directorate but the case's own, under its division's name. */
function DirectorateSelect({ current, value, onChange }: { current: string | undefined; value: string; onChange: (id: string) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const targets = useQuery(transferTargetsQuery());
  return (
    <div className="form-field">
      <label htmlFor="transfer-directorate">
        <Trans>Directorate</Trans>
        <span className="required-mark" aria-hidden="true"> *</span>
      </label>
      <select id="transfer-directorate" aria-required value={value} onChange={(e) => onChange(e.target.value)} aria-busy={targets.isPending}>
        <option value="">{targets.isPending ? t`Loading…` : t`Choose a directorate`}</option>
        {targets.data?.map(({ division, directorates }) => (
          <optgroup key={division._id} label={localized(division, 'name', locale)}>
            {directorates.filter((each) => each._id !== current).map((each) => (
              <option key={each._id} value={each._id}>{localized(each, 'name', locale)}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
