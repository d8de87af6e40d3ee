import { useLingui } from '@lingui/react/macro';

export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return <span className="spinner" role="status" aria-label={label ?? t`Loading`} />;
}
