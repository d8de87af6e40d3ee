import type { ReactNode } from 'react';

/**
 * One filter of a staff list (a state, lateness, an order): a labelled select whose first
 * option, when `anyLabel` is given, means "no filter" and answers undefined.
 */
export function FilterSelect<V extends string>({ label, name, value, options, anyLabel, onChange }: {
  label: ReactNode;
  name?: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  anyLabel?: string;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <label className="inline-field">
      <span>{label}</span>
      <select name={name} value={value ?? ''} onChange={(e) => onChange(options.find((option) => option.value === e.target.value)?.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
