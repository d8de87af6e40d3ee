import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../i18n/dates.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { DayField, useDayProblemText } from '../../ui/staff/day-field.tsx';
import { NO_SUCH_DAY } from '../../ui/staff/day-checks.ts';
import { adminKeys, deleteHoliday, holidaysQuery, saveHoliday, type Holiday, type HolidayDraft } from './api.ts';

const EMPTY: HolidayDraft = { calendar: 'dated', date: '', month: null, day: null, name: '' };

/** The holidays the due dates skip: every year on a Gregorian or Ethiopian day, or once (an Eid, once announced). */
export function HolidaysSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const { data } = useQuery(holidaysQuery());
  const [draft, setDraft] = useState<HolidayDraft>(EMPTY);
  const set = (change: Partial<HolidayDraft>) => setDraft((current) => ({ ...current, ...change }));
  const [dateError, setDateError] = useState<string>();
  const dayProblemText = useDayProblemText();
  const done = async (answer: Parameters<typeof serverMessage>[0]) => {
    toast('success', serverMessage(answer, locale) ?? t`Saved`);
    await queryClient.invalidateQueries({ queryKey: adminKeys.holidays() });
  };
  const save = useMutation({ mutationFn: saveHoliday, onSuccess: async (answer) => { await done(answer); setDraft(EMPTY); }, onError: refusal });
  const remove = useMutation({ mutationFn: deleteHoliday, onSuccess: done, onError: refusal });
  const when = (holiday: Holiday) =>
    holiday.calendar === 'dated' ? formatDate(`${holiday.date}T12:00:00Z`, locale) : `${holiday.calendar === 'ethiopian' ? t`Ethiopian calendar` : t`Gregorian calendar`}: ${holiday.month}/${holiday.day}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A day not picked, or one that does not exist, is said so before anything is sent.
    const problem = draft.calendar !== 'dated' ? undefined : !draft.date ? 'missing' : draft.date === NO_SUCH_DAY ? 'nonexistent' : undefined;
    setDateError(problem && dayProblemText(problem));
    if (problem) return;
    save.mutate(draft.calendar === 'dated' ? { ...draft, month: null, day: null } : { ...draft, date: null });
  };

  return (
    <section className="panel" aria-labelledby="holidays-title">
      <h2 id="holidays-title"><Trans>Holidays</Trans></h2>
      <p className="muted"><Trans>Due dates skip these days, as well as Saturdays and Sundays.</Trans></p>
      <ul className="reference-list">
        {data?.holidays.map((holiday) => (
          <li key={holiday.id} className="reference-row">
            <strong>{holiday.name}</strong>
            <span className="muted">{when(holiday)}</span>
            <button type="button" className="button button-outline button-small" aria-label={t`Remove ${holiday.name}`} onClick={() => remove.mutate(holiday.id)}>
              <Trans>Remove</Trans>
            </button>
          </li>
        ))}
      </ul>
      <form className="holiday-form" onSubmit={submit} noValidate aria-label={t`Add a holiday`}>
        <div className="form-row">
          <div className="form-field">
            <label htmlFor="holiday-name"><Trans>Name</Trans></label>
            <input id="holiday-name" value={draft.name} required onChange={(e) => set({ name: e.target.value })} />
          </div>
          <div className="form-field">
            <label htmlFor="holiday-calendar"><Trans>Repeats</Trans></label>
            <select id="holiday-calendar" value={draft.calendar} onChange={(e) => set({ calendar: e.target.value as HolidayDraft['calendar'] })}>
              <option value="dated">{t`Once, on a date`}</option>
              <option value="gregorian">{t`Every year (Gregorian calendar)`}</option>
              <option value="ethiopian">{t`Every year (Ethiopian calendar)`}</option>
            </select>
          </div>
          {draft.calendar === 'dated' ? (
            <DayField id="holiday-date" label={<Trans>Date</Trans>} value={draft.date ?? ''} error={dateError} onChange={(day) => set({ date: day })} />
          ) : (
            <>
              <div className="form-field">
                <label htmlFor="holiday-month"><Trans>Month</Trans></label>
                <input id="holiday-month" type="number" min={1} max={13} value={draft.month ?? ''} onChange={(e) => set({ month: Number(e.target.value) || null })} />
              </div>
              <div className="form-field">
                <label htmlFor="holiday-day"><Trans>Day</Trans></label>
                <input id="holiday-day" type="number" min={1} max={31} value={draft.day ?? ''} onChange={(e) => set({ day: Number(e.target.value) || null })} />
              </div>
            </>
          )}
        </div>
        <SubmitButton busy={save.isPending}><Trans>Add the holiday</Trans></SubmitButton>
      </form>
    </section>
  );
}
