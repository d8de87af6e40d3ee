import type { SessionClaims } from '../auth/tokens.ts';
import type { Holidays } from '../casework/holidays.ts';
import type { RatingService } from '../ratings/service.ts';
import type { ManagementStore, Names } from './store.ts';
import { daysToAnswer, ethiopianMonthStart, median } from './workload.ts';

export const DEFAULT_WEEKS = 12;
/** How many of the newest rating comments the dashboard lists (issue 25). */
const RECENT_COMMENTS = 20;
// A manager with no directorate sees no case: this id is nobody's.
const NO_DIRECTORATE = '00000000-0000-0000-0000-000000000000';

type Counts = Record<string, number>;
const add = (counts: Counts, key: string, count: number) => void (counts[key] = (counts[key] ?? 0) + count);
const sum = (counts: Counts) => Object.values(counts).reduce((total, count) => total + count, 0);
const names = ({ name_en, name_am, name_or, name_tg, name_sm, name_af }: Names) => ({ name_en, name_am, name_or, name_tg, name_sm, name_af });
const rounded = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);

/**
 * The management dashboard: a manager's directorate or, for an admin, the
 * whole corporation. SQL counts; this only arranges the counts per place.
 */
export function createManagementService(
  store: ManagementStore, clock: () => number, holidays: () => Promise<Holidays>, rated: Pick<RatingService, 'recentComments'>,
) {
  const scopeOf = async (session: SessionClaims) => (session.role === 'admin' ? null : ((await store.directorateOf(session.id)) ?? NO_DIRECTORATE));

  return {
    /**
     * Per officer of the manager's directorate (every directorate for an admin), and anyone
     * else holding its cases: open cases, late ones, those answered this Ethiopian month, and
     * the median working days from filing to the customer's answer among those.
     */
    async workload(session: SessionClaims) {
      const scope = await scopeOf(session);
      const now = new Date(clock());
      const month = ethiopianMonthStart(now);
      const [cases, directorates, calendar] = await Promise.all([store.workloadCases(scope, month.from), store.directorates(), holidays()]);
      const holders = [...new Set(cases.map((row) => row.officer_id))];
      const staff = await store.workloadStaff(scope, holders);
      const figures = new Map(staff.map((person) => [person.id, { open: 0, late: 0, days: [] as number[] }]));
      for (const row of cases) {
        const officer = figures.get(row.officer_id)!;
        if (row.answered_at) {
          const waits = row.waits.map((wait) => ({ asked_at: new Date(wait.asked_at), answered_at: new Date(wait.answered_at) }));
          officer.days.push(daysToAnswer({ created_at: new Date(row.created_at), answered_at: new Date(row.answered_at), waits }, calendar));
        } else {
          officer.open += 1;
          // A case waiting for its customer is paused (issue 25): never late while it waits.
          if (row.status !== 'waiting_customer' && row.due_at && new Date(row.due_at) <= now) officer.late += 1;
        }
      }
      const directorateOf = new Map(directorates.map((directorate) => [directorate.id, directorate]));
      const officers = staff.map((person) => {
        const { open, late, days } = figures.get(person.id)!;
        const directorate = person.directorate_id ? directorateOf.get(person.directorate_id) : undefined;
        return {
          id: person.id, firstname: person.firstname, middlename: person.middlename, lastname: person.lastname,
          role: person.role, active: person.status === 'active',
          directorate: directorate ? { id: directorate.id, ...names(directorate) } : null,
          open, late, answeredThisMonth: days.length, medianWorkingDays: median(days),
        };
      });
      // By directorate, then by name: the order a manager reads a team list in.
      const key = (officer: (typeof officers)[number]) => [officer.directorate?.name_en ?? '', officer.firstname, officer.lastname].join('\u0000');
      officers.sort((a, b) => key(a).localeCompare(key(b)));
      return { scope: scope === null ? ('all' as const) : ('directorate' as const), generatedAt: now.toISOString(), monthStart: month.day, officers };
    },

    async summary(session: SessionClaims, weeks = DEFAULT_WEEKS) {
      const admin = session.role === 'admin';
      const scope = admin ? null : ((await store.directorateOf(session.id)) ?? NO_DIRECTORATE);
      const now = new Date(clock());
      const [byStateRows, late, answerTime, ratingRows, weekly, divisions, directorates, accusations, recentComments] = await Promise.all([
        store.casesByState(scope),
        store.lateCases(scope, now),
        store.answerTime(scope),
        store.ratings(scope),
        store.weekly(scope, weeks, now),
        store.divisions(),
        store.directorates(),
        admin ? store.accusationsByState() : Promise.resolve(undefined),
        rated.recentComments(scope, RECENT_COMMENTS),
      ]);

      const reviewRates = new Map((await store.reviewRates(scope)).map((row) => [row.division_id, row]));
      // Issue 25: how often a division's decisions are reviewed, and changed.
      const reviewsOf = (divisionId: string) => {
        const { decisions = 0, requested = 0, changed = 0 } = reviewRates.get(divisionId) ?? {};
        return { decisions, requested, changed, rate: decisions ? Math.round((requested / decisions) * 100) / 100 : null };
      };
      const byState: Counts = {};
      const byDivision = new Map<string, { byState: Counts; late: number }>();
      const byDirectorate = new Map<string, { byState: Counts; late: number }>();
      const entry = (map: Map<string, { byState: Counts; late: number }>, id: string) =>
        map.get(id) ?? map.set(id, { byState: {}, late: 0 }).get(id)!;
      for (const row of byStateRows) {
        add(byState, row.status, row.count);
        add(entry(byDivision, row.division_id).byState, row.status, row.count);
        if (row.directorate_id) add(entry(byDirectorate, row.directorate_id).byState, row.status, row.count);
      }
      let lateCases = 0;
      for (const row of late) {
        lateCases += row.count;
        entry(byDivision, row.division_id).late += row.count;
        if (row.directorate_id) entry(byDirectorate, row.directorate_id).late += row.count;
      }
      const ratings = new Map<string, number[]>();
      for (const row of ratingRows) {
        const distribution = ratings.get(row.division_id) ?? ratings.set(row.division_id, [0, 0, 0, 0, 0]).get(row.division_id)!;
        distribution[row.rate_num - 1] += row.count;
      }
      const ratingOf = (divisionId: string) => {
        const distribution = ratings.get(divisionId) ?? [0, 0, 0, 0, 0];
        const count = distribution.reduce((total, n) => total + n, 0);
        const average = count ? Math.round((distribution.reduce((total, n, i) => total + n * (i + 1), 0) / count) * 100) / 100 : null;
        return { count, average, distribution };
      };

      return {
        scope: admin ? ('all' as const) : ('directorate' as const),
        generatedAt: now.toISOString(),
        totalCases: sum(byState),
        byState,
        lateCases,
        answerTime: { answered: answerTime.answered, medianDays: rounded(answerTime.median), p90Days: rounded(answerTime.p90) },
        // Only the places with cases in scope (an admin's empty divisions would be rows of zeros).
        divisions: divisions
          .filter((division) => byDivision.has(division.id))
          .map((division) => {
            const counts = byDivision.get(division.id)!;
            return { id: division.id, ...names(division), total: sum(counts.byState), byState: counts.byState, late: counts.late, rating: ratingOf(division.id),
              reviews: reviewsOf(division.id) };
          }),
        directorates: directorates
          .filter((directorate) => byDirectorate.has(directorate.id))
          .map((directorate) => {
            const counts = byDirectorate.get(directorate.id)!;
            return { id: directorate.id, division_id: directorate.division_id, ...names(directorate), total: sum(counts.byState), byState: counts.byState, late: counts.late };
          }),
        accusations: accusations
          ? { total: accusations.reduce((total, row) => total + row.count, 0), byState: Object.fromEntries(accusations.map((row) => [row.status, row.count])) }
          : null,
        weekly: weekly.map((week) => ({ weekStart: week.week_start, filed: week.filed, answered: week.answered })),
        recentComments,
      };
    },
  };
}
export type ManagementService = ReturnType<typeof createManagementService>;
