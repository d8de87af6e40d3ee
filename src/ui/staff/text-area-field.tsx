import { TextAreaFormField } from '../form-field.tsx';

/** A required text a staff action needs (a justification, a note, an outcome): up to 5,000 characters unless told. */
export function TextAreaField({ id, label, value, onChange, rows = 6, maxLength = 5000 }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
}) {
  return <TextAreaFormField id={id} label={label} rows={rows} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />;
}
