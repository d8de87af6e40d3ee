/** A required text a staff action needs (a justification, a note, an outcome): up to 5,000 characters unless told. */
export function TextAreaField({ id, label, value, onChange, rows = 6, maxLength = 5000 }: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        <span className="required-mark" aria-hidden="true"> *</span>
      </label>
      <textarea id={id} rows={rows} maxLength={maxLength} aria-required value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
