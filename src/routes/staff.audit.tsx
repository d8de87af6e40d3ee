import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import type { AuditLogQuery } from '../features/management/api.ts';
import { AuditLogPage } from '../features/management/audit-log-page.tsx';
import { isSubjectType } from '../features/management/audit-words.ts';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { pageParam, textParam } from './-search.ts';

const dayParam = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const idParam = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : undefined);

export const Route = createFileRoute('/staff/audit')({
  staticData: { title: msg`Audit log` },
  validateSearch: (search: Record<string, unknown>): AuditLogQuery => ({
    actor: idParam(search.actor),
    case_number: textParam(search.case_number),
    subject: textParam(search.subject),
    subject_type: isSubjectType(search.subject_type) ? search.subject_type : undefined,
    from: dayParam(search.from),
    to: dayParam(search.to),
    page: pageParam(search.page),
  }),
  component: function AuditRoute() {
    const filters = Route.useSearch();
    return (
      <StaffLayout>
        <AuditLogPage key={JSON.stringify(filters)} filters={filters} />
      </StaffLayout>
    );
  },
});
