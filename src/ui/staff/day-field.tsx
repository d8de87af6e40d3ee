import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ethiopianMonthNames, ethiopianOfIso } from '../../i18n/ethiopian-calendar.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FieldError, invalidProps } from '../form-errors.tsx';
import { addisToday, dayOfParts, NO_SUCH_DAY, type DayProblem, type EthiopianDayParts } from './day-checks.ts';

interface DayFieldProps {
  id: string;
  label: ReactNode;
  /** The ISO day (YYYY-MM-DD), '' for none, or NO_SUCH_DAY. */
  value: string;
  onChange: (day: string) => void;
  error?: string;
  hint?: ReactNode;
  /** The days a Gregorian picker offers; the Ethiopian selects offer the years between. */
  min?: string;
  max?: string;
  /** `inline-field` in a filter bar; a form's `form-field` otherwise. */
  inline?: boolean;
}

const NO_PARTS: EthiopianDayParts = { day: '', month: '', year: '' };
const partsOf = (day: string): EthiopianDayParts => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return NO_PARTS;
  const { year, month, day: date } = ethiopianOfIso(day);
  return { day: String(date), month: String(month), year: String(year) };
};
/** Noon UTC: the same day wherever the browser is. */
const noon = (day: string) => `${day}T12:00:00Z`;
/**
 * The Gregorian day beside an Ethiopian one. Amharic's Gregorian months (ዲሴምበር) for Tigrinya
 * too: ICU gives Tigrinya's Gregorian months the Ethiopian names (4 December as "ታሕሳስ 4"),
 * which would read as an Ethiopian date.
 */
const gregorianDay = new Intl.DateTimeFormat('am', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A day, picked in the reader's calendar (issue 24, review defect 11): Amharic and Tigrinya
 * readers choose an Ethiopian day, month and year, with the Gregorian day beside it;
 * the other languages a Gregorian date, with the Ethiopian day beside it (the one the
 * customer's SMS names). Either way the value is the ISO day the API takes; a day that does
 * not exist is NO_SUCH_DAY, for the form's checks to refuse in its own words.
 */
export function DayField({ id, label, value, onChange, error, hint, min, max, inline = false }: DayFieldProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const ethiopian = locale === 'am' || locale === 'ti';
  const picked = value && value !== NO_SUCH_DAY ? value : undefined;
  const ethiopianDay = picked && formatDate(noon(picked), ethiopian ? locale : 'am');
  const beside = picked && (ethiopian ? `${ethiopianDay} = ${gregorianDay.format(new Date(noon(picked)))}` : t`Ethiopian calendar: ${ethiopianDay}`);
  const described = [beside && `${id}-beside`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`day-field ${inline ? 'inline-field' : 'form-field'}`}>
      {ethiopian ? (
        <EthiopianDaySelects id={id} label={label} value={value} onChange={onChange} invalid={Boolean(error)} described={described} min={min} max={max} />
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type="date"
            value={value === NO_SUCH_DAY ? '' : value}
            min={min}
            max={max}
            {...invalidProps(id, error)}
            aria-describedby={described}
            // A date the browser cannot read (31 February typed) has no value but is "bad input".
            onChange={(event) => onChange(event.target.value || (event.target.validity.badInput ? NO_SUCH_DAY : ''))}
          />
        </>
      )}
      {beside && (
        <small id={`${id}-beside`} className="form-hint day-field-beside" data-testid={`${id}-beside`}>
          {beside}
        </small>
      )}
      {hint && <small className="form-hint">{hint}</small>}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}

/** Day, month and year selects of the Ethiopian calendar; what they name goes up as soon as all three are chosen. */
function EthiopianDaySelects({ id, label, value, onChange, invalid, described, min, max }: {
  id: string; label: ReactNode; value: string; onChange: (day: string) => void; invalid: boolean; described?: string; min?: string; max?: string;
}) {
  const { t } = useLingui();
  const locale = useLocale() as 'am' | 'ti';
  const [parts, setParts] = useState(() => partsOf(value));
  // A value set from outside (a form emptied, a link's filter) replaces what the selects hold.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== dayOfParts(parts)) setParts(partsOf(value));
  }
  const choose = (part: keyof EthiopianDayParts, chosen: string) => {
    const next = { ...parts, [part]: chosen };
    setParts(next);
    const day = dayOfParts(next);
    setShown(day);
    onChange(day);
  };
  const thisYear = ethiopianOfIso(addisToday(Date.now())).year;
  const [firstYear, lastYear] = [min ? ethiopianOfIso(min).year : thisYear - 10, max ? ethiopianOfIso(max).year : thisYear + 1];
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => String(lastYear - index));
  const select = (part: keyof EthiopianDayParts, partLabel: string, options: [value: string, text: string][]) => (
    <select
      id={part === 'day' ? id : `${id}-${part}`}
      aria-label={partLabel}
      value={parts[part]}
      aria-invalid={invalid || undefined}
      aria-describedby={described}
      onChange={(event) => choose(part, event.target.value)}
    >
      <option value="">{partLabel}</option>
      {options.map(([optionValue, text]) => <option key={optionValue} value={optionValue}>{text}</option>)}
    </select>
  );

  return (
    <fieldset className="day-field-parts" aria-describedby={described}>
      <legend>{label}</legend>
      {select('day', t`Day`, Array.from({ length: 30 }, (_, index) => [String(index + 1), String(index + 1)]))}
      {select('month', t`Month`, ethiopianMonthNames(locale).map((name, index) => [String(index + 1), name]))}
      {select('year', t`Year`, years.map((year) => [year, `${year} ዓ.ም.`]))}
    </fieldset>
  );
}

/** The words a picked day is refused in: the server's own for an appointment (appointmentDateInvalid, …Past, …TooFar). */
export function useDayProblemText(): (problem: DayProblem) => string {
  const { t } = useLingui();
  return (problem) => {
    switch (problem) {
      case 'missing': return t`Choose a day.`;
      case 'nonexistent': return t`This date does not exist. Please choose a day from the calendar.`;
      case 'past': return t`The appointment cannot be on a day that has passed. Please choose today or a later day.`;
      case 'tooFar': return t`The appointment must be at most one year from today.`;
      case 'fromAfterTo': return t`The first day must not be after the last day.`;
    }
  };
}
