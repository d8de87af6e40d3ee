import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { staffSession } from '../app/staff-session.ts';
import type { QueueFilters, StaffCaseStatus } from '../app/staff-cases.ts';
import { QueuePage } from '../features/casework/queue-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';
import { RoleHasNoScreen } from '../features/staff/role-has-no-screen.tsx';
import { QUEUE_SORTS, QUEUE_VIEWS } from '../../server/contract/constants.ts';
import { rememberedView } from '../features/casework/remembered-view.ts';
import { oneOf, pageParam, textParam } from './-search.ts';

/** The queue's views hold open cases only (issue 24). */
const STATES: StaffCaseStatus[] = ['pending', 'ongoing', 'responded', 'waiting_customer', 'under_review'];
const yesNo = (value: unknown) => (value === 'yes' || value === 'no' ? value : undefined);

/**
 * /staff: where each role works. Officers and managers get their directorate's queue, in the
 * view they last worked from when the URL names none; ethics users their accusation inbox,
 * archivists the cases to be archived, admins their back office.
 */
export const Route = createFileRoute('/staff/')({
  staticData: { title: msg`Case queue` },
  beforeLoad: ({ search }) => {
    const role = staffSession.role();
    const remembered = search.view ? undefined : rememberedView.get(staffSession.staffId(), role);
    if (remembered) throw redirect({ to: '/staff', search: { ...search, view: remembered }, replace: true });
    if (role === 'accusation_acceptor') throw redirect({ to: '/staff/accusations' });
    if (role === 'admin') throw redirect({ to: '/staff/admin' });
    if (role === 'archivist') throw redirect({ to: '/staff/archive' });
  },
  validateSearch: (search: Record<string, unknown>): Partial<QueueFilters> => ({
    page: pageParam(search.page),
    status: STATES.find((state) => state === search.status),
    late: yesNo(search.late),
    mine: search.mine === 'yes' ? 'yes' : undefined,
    view: oneOf(QUEUE_VIEWS, search.view),
    sort: oneOf(QUEUE_SORTS, search.sort),
    q: textParam(search.q),
  }),
  component: function QueueRoute() {
    const search = Route.useSearch();
    const role = staffSession.role();
    return (
      <StaffLayout>
        {role === 'officer' || role === 'manager' ? (
          <QueuePage key={search.q ?? ''} filters={{ ...search, page: search.page ?? 1 }} />
        ) : (
          <RoleHasNoScreen />
        )}
      </StaffLayout>
    );
  },
});
