import type { ReactNode } from 'react';

/** One titled block of a case's details (the customer's case page and the staff's). */
export function DetailsSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="details-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
