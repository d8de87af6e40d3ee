import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Someone work can be given to, and how much they hold already. */
export interface Assignee {
  _id: string;
  name: string;
  open: number;
}

/** Whom to give a case or an accusation to, each with how many open ones they hold. */
export function AssigneeSelect({ id, label, placeholder, people, value, onChange }: {
  id: string;
  label: ReactNode;
  placeholder: string;
  /** undefined while they load. */
  people: Assignee[] | undefined;
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {people?.map(({ _id, name, open }) => (
          <option key={_id} value={_id}>
            {t`${name} (${open} open)`}
          </option>
        ))}
      </select>
    </div>
  );
}
