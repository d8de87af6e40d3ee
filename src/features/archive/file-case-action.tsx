import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFILE_REASON_MAX } from '../../../server/contract/constants.ts';
import { httpStatus } from '../../app/http.ts';
import { staffCaseKeys, type StaffCase } from '../../app/staff-cases.ts';
import { staffSession } from '../../app/staff-session.ts';
import { formatDate } from '../../i18n/dates.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ConfirmDialog } from '../../ui/staff/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { archiveKeys, fileCase, refileCase } from './api.ts';
import { CategorySelect } from './category-select.tsx';

/**
 * On the staff case page, archivists' (and admins') moves: a verified or rejected case filed
 * under an active category; a filed one moved to another category, with a reason, while its
 * filing is less than 30 days old (review defect 9), the page saying until when. A case
 * someone moved first (409) is said so, and the case and the worklist are loaded again.
 */
export function FileCaseAction({ kase }: { kase: StaffCase }) {
  const role = staffSession.role();
  if (role !== 'archivist' && role !== 'admin') return null;
  if (kase.status === 'verified' || kase.status === 'rejected') return <FileAction kase={kase} />;
  if (kase.archive && Date.now() < new Date(kase.archive.refile_until).getTime()) return <RefileAction kase={kase} archive={kase.archive} />;
  return null;
}

/** A move of this area: its toast, and the case and the archive's lists read again whatever the answer. */
function useArchiveMove(move: () => Promise<Parameters<typeof serverMessage>[0]>, done: () => void) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  return useMutation({
    mutationFn: move,
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      done();
    },
    onError: (error) => {
      showRefusal(error);
      if (httpStatus(error) === 409) done();
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: staffCaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: archiveKeys.all }),
    ]),
  });
}

function FileAction({ kase }: { kase: StaffCase }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [category, setCategory] = useState('');
  const file = useArchiveMove(() => fileCase(kase._id, category), () => setAsking(false));
  const title = t`Archive the case`;
  return (
    <section className="case-actions" aria-label={t`Actions`}>
      <button type="button" className="button button-primary" onClick={() => { setCategory(''); setAsking(true); }}>
        {title}
      </button>
      {asking && (
        <ConfirmDialog title={title} busy={file.isPending} ready={category !== ''} onConfirm={() => file.mutate()} onCancel={() => setAsking(false)}>
          <p>
            <Trans>File case {kase.case_number} in the archive? It can be moved to another category for 30 days, and not changed after that.</Trans>
          </p>
          <CategorySelect id="archival-category" value={category} onChange={setCategory} />
        </ConfirmDialog>
      )}
    </section>
  );
}

function RefileAction({ kase, archive }: { kase: StaffCase; archive: NonNullable<StaffCase['archive']> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [asking, setAsking] = useState(false);
  const [category, setCategory] = useState('');
  const [reason, setReason] = useState('');
  const refile = useArchiveMove(() => refileCase(kase._id, category, reason.trim()), () => setAsking(false));
  const until = formatDate(archive.refile_until, locale);
  const current = archive.category.name;
  const title = t`Move to another category`;
  return (
    <section className="case-actions" aria-label={t`Actions`}>
      <button type="button" className="button button-outline" onClick={() => { setCategory(''); setReason(''); setAsking(true); }}>
        {title}
      </button>
      <p className="muted" data-testid="refile-until">
        <Trans>Filed under “{current}”: it can be moved to another category until {until}.</Trans>
      </p>
      {asking && (
        <ConfirmDialog
          title={title}
          busy={refile.isPending}
          ready={category !== '' && reason.trim() !== ''}
          onConfirm={() => refile.mutate()}
          onCancel={() => setAsking(false)}
        >
          <p>
            <Trans>Move case {kase.case_number} from “{current}” to another category?</Trans>
          </p>
          <CategorySelect id="refile-category" value={category} onChange={setCategory} except={archive.category._id} />
          <TextAreaField id="refile-reason" label={t`Why it moves`} value={reason} onChange={setReason} rows={3} maxLength={REFILE_REASON_MAX} />
        </ConfirmDialog>
      )}
    </section>
  );
}
