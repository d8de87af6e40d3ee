import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { httpStatus } from '../../app/http.ts';
import { staffCaseKeys, type StaffCase } from '../../app/staff-cases.ts';
import { staffSession } from '../../app/staff-session.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ConfirmDialog } from '../../ui/staff/confirm-dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { archiveKeys, categoriesQuery, fileCase } from './api.ts';

/**
 * On the staff case page: archivists (and admins) file a verified or rejected case under an
 * active category, its last move. A case someone filed first (409) is said so, and the case
 * and the worklist are loaded again to show what is true now.
 */
export function FileCaseAction({ kase }: { kase: StaffCase }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const [asking, setAsking] = useState(false);
  const [category, setCategory] = useState('');
  const role = staffSession.role();
  const file = useMutation({
    mutationFn: () => fileCase(kase._id, category),
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      setAsking(false);
    },
    onError: (error) => {
      showRefusal(error);
      if (httpStatus(error) === 409) setAsking(false);
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: staffCaseKeys.all }),
      queryClient.invalidateQueries({ queryKey: archiveKeys.all }),
    ]),
  });

  if ((role !== 'archivist' && role !== 'admin') || (kase.status !== 'verified' && kase.status !== 'rejected')) return null;
  const title = t`Archive the case`;
  return (
    <section className="case-actions" aria-label={t`Actions`}>
      <button type="button" className="button button-primary" onClick={() => { setCategory(''); setAsking(true); }}>
        {title}
      </button>
      {asking && (
        <ConfirmDialog title={title} busy={file.isPending} ready={category !== ''} onConfirm={() => file.mutate()} onCancel={() => setAsking(false)}>
          <p>
            <Trans>File case {kase.case_number} in the archive? It cannot be changed after that.</Trans>
          </p>
          <CategorySelect value={category} onChange={setCategory} />
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The active archival categories a case can be filed under. */
function CategorySelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useLingui();
  const categories = useQuery(categoriesQuery());
  return (
    <div className="form-field">
      <label htmlFor="archival-category">
        <Trans>Archival category</Trans>
      </label>
      <select id="archival-category" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t`Choose a category`}</option>
        {categories.data
          ?.filter((each) => each.status === 'active')
          .map((each) => (
            <option key={each._id} value={each._id}>
              {each.name}
            </option>
          ))}
      </select>
    </div>
  );
}
