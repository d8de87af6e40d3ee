import type { ReactNode } from 'react';

export type DetailRow = [label: ReactNode, value: ReactNode | undefined];

/** Read-only label/value pairs; rows without a value are left out (SPEC: dates only when present). */
export function DetailsList({ rows, className = '', testId }: { rows: DetailRow[]; className?: string; testId?: string }) {
  return (
    <dl className={`details-grid ${className}`} data-testid={testId}>
      {rows
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([label, value], index) => (
          <div key={index} className="details-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
