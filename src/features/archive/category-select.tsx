import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from './api.ts';

/** The active archival categories a case can be filed under (`except`: the one it is under already). */
export function CategorySelect({ id, value, onChange, except }: { id: string; value: string; onChange: (id: string) => void; except?: string }) {
  const { t } = useLingui();
  const categories = useQuery(categoriesQuery());
  return (
    <div className="form-field">
      <label htmlFor={id}>
        <Trans>Archival category</Trans>
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t`Choose a category`}</option>
        {categories.data
          ?.filter((each) => each.status === 'active' && each._id !== except)
          .map((each) => (
            <option key={each._id} value={each._id}>
              {each.name}
            </option>
          ))}
      </select>
    </div>
  );
}
