import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import {
  adminKeys, saveCaseRequest, saveDirectorate, saveDivision, saveQuestion, saveTeam,
  type AdminDirectorate, type CaseRequestDraft, type DirectorateDraft, type DivisionDraft, type QuestionDraft, type TeamDraft,
} from './api.ts';
import { OptionsEditor } from './options-editor.tsx';
import { emptySix, requiredSix, SixLanguageFields } from './six-language-fields.tsx';
import { fallbackDirectorate, useDirectorateLabel } from './case-request-routing.tsx';

/** What the admin is editing: the kind, and its draft (without id: a new one). */
export type Editing =
  | { kind: 'division'; draft: DivisionDraft }
  | { kind: 'directorate'; draft: DirectorateDraft }
  | { kind: 'team'; draft: TeamDraft }
  | { kind: 'case_request'; draft: CaseRequestDraft; directorates: AdminDirectorate[] }
  | { kind: 'question'; draft: QuestionDraft };

export const newDivision = (): Editing => ({ kind: 'division', draft: { ...emptySix('name'), ...emptySix('description'), status: 'active', special: 'no' } as DivisionDraft });
export const newDirectorate = (division_id: string): Editing => ({ kind: 'directorate', draft: { ...emptySix('name'), division_id, status: 'active' } as DirectorateDraft });
export const newTeam = (directorate_id: string): Editing => ({ kind: 'team', draft: { ...emptySix('name'), directorate_id, status: 'active' } as TeamDraft });
export const newCaseRequest = (division_id: string, directorates: AdminDirectorate[]): Editing => ({
  kind: 'case_request', directorates,
  draft: { ...emptySix('case_name'), division_id, directorate_id: null, target_working_days: 10, status: 'active' } as CaseRequestDraft,
});
export const newQuestion = (case_request_id: string): Editing => ({
  kind: 'question',
  draft: { ...emptySix('name'), case_request_id, input_type: 'normal_input', data_type: 'string', is_required: true, show_in_queue: false, status: 'active', options: [] } as unknown as QuestionDraft,
});

const SAVE = { division: saveDivision, directorate: saveDirectorate, team: saveTeam, case_request: saveCaseRequest, question: saveQuestion } as const;

/** The edit form of one entry of the reference data: its six-language names and its own fields. */
export function ReferenceForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const [draft, setDraft] = useState<Record<string, unknown>>(editing.draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: string, value: unknown) => setDraft((current) => ({ ...current, [field]: value }));
  const namePrefix = editing.kind === 'case_request' ? 'case_name' : 'name';
  const id = `edit-${editing.kind}`;
  const directorateLabel = useDirectorateLabel();
  const fallback = editing.kind === 'case_request' ? fallbackDirectorate(editing.directorates) : undefined;

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (SAVE[editing.kind] as (json: never) => ReturnType<typeof saveDivision>)(body as never),
    onSuccess: async (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onDone();
    },
    onError: refusal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = requiredSix(id, namePrefix, draft, t`Please write it in English and in Amharic.`);
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      document.getElementById(Object.keys(missing)[0])?.focus();
      return;
    }
    save.mutate(draft);
  };

  const title = {
    division: draft.id ? t`Edit division` : t`Add a division`,
    directorate: draft.id ? t`Edit directorate` : t`Add a directorate`,
    team: draft.id ? t`Edit team` : t`Add a team`,
    case_request: draft.id ? t`Edit case request` : t`Add a case request`,
    question: draft.id ? t`Edit question` : t`Add a question`,
  }[editing.kind];

  return (
    <form className="panel reference-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <SixLanguageFields idPrefix={id} prefix={namePrefix} legend={t`Name`} values={draft} errors={errors} onChange={set} />
      {editing.kind === 'division' && (
        <SixLanguageFields idPrefix={id} prefix="description" legend={t`Description`} values={draft} optional onChange={set} />
      )}
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={`${id}-status`}><Trans>Status</Trans></label>
          <select id={`${id}-status`} value={draft.status as string} onChange={(e) => set('status', e.target.value)}>
            <option value="active">{t`Active`}</option>
            <option value="inactive">{t`Inactive`}</option>
          </select>
        </div>
        {editing.kind === 'division' && (
          <div className="form-field">
            <label htmlFor={`${id}-special`}><Trans>Offered to customers</Trans></label>
            <select id={`${id}-special`} value={draft.special as string} onChange={(e) => set('special', e.target.value)}>
              <option value="no">{t`Yes`}</option>
              <option value="yes">{t`No (special division)`}</option>
            </select>
          </div>
        )}
        {editing.kind === 'case_request' && (
          <>
            <div className="form-field">
              <label htmlFor={`${id}-directorate`}><Trans>Directorate that handles it</Trans></label>
              <select id={`${id}-directorate`} value={(draft.directorate_id as string | null) ?? ''} onChange={(e) => set('directorate_id', e.target.value || null)}>
                <option value="">{fallback ? t`None: the division's first active directorate (${directorateLabel(fallback)})` : t`None: the division has no active directorate`}</option>
                {editing.directorates.map((d) => <option key={d.id} value={d.id}>{directorateLabel(d)}</option>)}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor={`${id}-days`}><Trans>Due in (working days)</Trans></label>
              <input id={`${id}-days`} type="number" min={1} max={365} required value={String(draft.target_working_days)}
                onChange={(e) => set('target_working_days', Number(e.target.value))} />
            </div>
          </>
        )}
      </div>
      {editing.kind === 'question' && (
        <>
          <div className="form-row">
            <div className="form-field">
              <label htmlFor={`${id}-input`}><Trans>Answered with</Trans></label>
              <select id={`${id}-input`} value={draft.input_type as string} onChange={(e) => set('input_type', e.target.value)}>
                <option value="normal_input">{t`A short answer`}</option>
                <option value="text_area">{t`A long text`}</option>
                <option value="select">{t`A choice of options`}</option>
              </select>
            </div>
            <div className="form-field">
              <label htmlFor={`${id}-data`}><Trans>Kind of answer</Trans></label>
              <select id={`${id}-data`} value={draft.data_type as string} onChange={(e) => set('data_type', e.target.value)}>
                <option value="string">{t`Text`}</option>
                <option value="number">{t`Number`}</option>
              </select>
            </div>
          </div>
          <label className="checkbox-field">
            <input type="checkbox" checked={Boolean(draft.is_required)} onChange={(e) => set('is_required', e.target.checked)} />
            <span><Trans>An answer is required</Trans></span>
          </label>
          <label className="checkbox-field">
            <input type="checkbox" checked={Boolean(draft.show_in_queue)} onChange={(e) => set('show_in_queue', e.target.checked)} />
            <span><Trans>Show the answer in the staff queue</Trans></span>
          </label>
          {draft.input_type === 'select' && (
            <OptionsEditor idPrefix={id} options={draft.options as QuestionDraft['options']} onChange={(options) => set('options', options)} />
          )}
        </>
      )}
      <div className="form-actions">
        <SubmitButton busy={save.isPending}><Trans>Save</Trans></SubmitButton>
        <button type="button" className="button button-outline button-block" onClick={onDone}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}
