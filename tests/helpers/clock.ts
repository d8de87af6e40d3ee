/**
 * Where a test's clock starts: the first Tuesday at `time` (UTC, `HH:MM`) more than a day
 * after the real now. The demo data a test server seeds is stamped with the real time, so
 * a clock fixed on a calendar day would one day fall before the seed's own rows (a
 * customer's history would then list the seeded filing as the newest entry). Tuesday keeps
 * the week's working days ahead of the test's moves the same whenever the suite runs.
 */
export function nextTuesdayAt(time: string): number {
  const start = new Date(Date.now() + 86_400_000);
  const day = new Date(`${start.toISOString().slice(0, 10)}T${time}:00Z`);
  while (day.getUTCDay() !== 2 || day.getTime() < start.getTime()) day.setUTCDate(day.getUTCDate() + 1);
  return day.getTime();
}
