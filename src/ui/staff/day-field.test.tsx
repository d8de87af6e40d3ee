import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { DayField } from './day-field.tsx';
import { NO_SUCH_DAY } from './day-checks.ts';

/** A form's state around the field, shown so the test reads what the form would send. */
function Picker({ initial = '' }: { initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DayField id="day" label="Appointment day" value={day} onChange={setDay} min="2026-11-28" max="2027-11-28" />
      <output data-testid="value">{day}</output>
      <button type="button" onClick={() => setDay('')}>Empty</button>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;
const choose = (name: string, option: string) => fireEvent.change(screen.getByRole('combobox', { name }), { target: { value: option } });

describe('a day in the reader’s calendar', () => {
  afterEach(cleanup);

  it('lets an Amharic reader pick an Ethiopian day, month and year, and shows the Gregorian day beside it', async () => {
    await renderScreen(<Picker />, { locale: 'am' });
    expect(screen.getByRole('group', { name: 'Appointment day' })).toBeTruthy();
    const months = screen.getByRole('combobox', { name: 'ወር' });
    expect([...months.querySelectorAll('option')].map((option) => option.textContent)).toContain('ኅዳር');
    const years = screen.getByRole('combobox', { name: 'ዓመት' });
    expect([...years.querySelectorAll('option')].map((option) => option.getAttribute('value'))).toEqual(['', '2020', '2019']);

    choose('ቀን', '25');
    choose('ወር', '3');
    expect(value()).toBe('');
    choose('ዓመት', '2019');
    expect(value()).toBe('2026-12-04');
    expect(screen.getByTestId('day-beside').textContent).toBe('25 ኅዳር 2019 ዓ.ም. = 4 ዲሴምበር 2026');
  });

  it('holds a day that does not exist as no day, with nothing beside it', async () => {
    await renderScreen(<Picker />, { locale: 'am' });
    choose('ቀን', '6');
    choose('ወር', '13');
    choose('ዓመት', '2020');
    expect(value()).toBe(NO_SUCH_DAY);
    expect(screen.queryByTestId('day-beside')).toBeNull();
    // Pagume has six days in 2019 (the year before a Gregorian leap year).
    choose('ዓመት', '2019');
    expect(value()).toBe('2027-09-11');
  });

  it('shows a day set from outside, and empties with the form', async () => {
    await renderScreen(<Picker initial="2026-12-04" />, { locale: 'ti' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'መዓልቲ' }).value).toBe('25');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'ወርሒ' }).value).toBe('3');
    expect(screen.getByTestId('day-beside').textContent).toMatch(/^25 ሕዳር 2019 ዓ\.ም\. = 4 ዲሴምበር 2026$/);
    fireEvent.click(screen.getByRole('button', { name: 'Empty' }));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'መዓልቲ' }).value).toBe('');
  });

  it('gives other readers a Gregorian date, with the Ethiopian day beside it', async () => {
    await renderScreen(<Picker />, { locale: 'en' });
    fireEvent.change(screen.getByLabelText('Appointment day'), { target: { value: '2026-12-04' } });
    expect(value()).toBe('2026-12-04');
    expect(screen.getByTestId('day-beside').textContent).toBe('Ethiopian calendar: 25 ኅዳር 2019 ዓ.ም.');
  });
});
