import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { customerCasesQuery, type SortOrder } from '../features/cases/api.ts';
import { CaseStatusPage } from '../features/cases/case-status-page.tsx';
import { pageParam, sortParam } from './-search.ts';

// The page and the sort order live in the URL, so back/forward and reload keep them;
// both are optional (SPEC section 9: page 1, sort -1 latest by default).
const searchOf = (search: { page?: number; sort?: SortOrder }) => ({ page: search.page ?? 1, sort: search.sort ?? -1 });

export const Route = createFileRoute('/dashboard/casestatus')({
  staticData: { title: msg`Case status` },
  validateSearch: (search: Record<string, unknown>): { page?: number; sort?: SortOrder } => ({
    page: pageParam(search.page),
    sort: sortParam(search.sort),
  }),
  loaderDeps: ({ search }) => searchOf(search),
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchQuery(customerCasesQuery(deps.page, deps.sort)),
  component: function CaseStatusRoute() {
    const { page, sort } = searchOf(Route.useSearch());
    return <CaseStatusPage page={page} sort={sort} />;
  },
});
