import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const databases = await testDatabases();

/** One CSV line's cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] === '"') {
      let value = '';
      at += 1;
      for (;;) {
        const quote = line.indexOf('"', at);
        value += line.slice(at, quote);
        at = quote + 1;
        if (line[at] === '"') { value += '"'; at += 1; } else break;
      }
      cells.push(value);
    } else {
      const comma = line.indexOf(',', at);
      cells.push(line.slice(at, comma === -1 ? undefined : comma));
      at = comma === -1 ? line.length : comma;
    }
    if (line[at] !== ',') return cells;
    at += 1;
  }
}
// Monday 16 June 2031, noon in Addis Ababa: the months shown are July 2030 to June 2031,
// far from the demo's own cases and accusations (filed when the demo was seeded).
const START = Date.parse('2031-06-16T09:00:00Z');
const HOUR = 3_600_000;
/** The end of an Addis Ababa day: a case due that day is late from this moment (lateFrom). */
const endOf = (day: string) => `${day}T21:00:00Z`;
/** 09:00 in Addis Ababa on a day. */
const morning = (day: string) => `${day}T06:00:00Z`;

// Working days after Monday 12 May 2031 (no holiday in between): Tue 13 = 1 … Fri 16 = 4, Mon 19 = 5 … Fri 23 = 9.
const MAY_ANSWERS = ['2031-05-13', '2031-05-14', '2031-05-15', '2031-05-16', '2031-05-19', '2031-05-20', '2031-05-21', '2031-05-22', '2031-05-23'];

/**
 * Issue 28: the public performance figures and their open data, on each database: per month,
 * per division and corporation-wide, the small-number rule, "answered" as issue 24 defines it,
 * no personal data, the CSV equal to the JSON, and the cache.
 */
describe.each(databases)('the public performance figures on $name', (database) => {
  let server: TestServer;
  let now = START;
  let divisionA: string;
  let divisionB: string;
  let customerId: string;
  let staffId: string;
  let caseRequestId: string;
  let serial = 0;

  async function addCase(division: string, fields: { created: string; answered?: string; due?: string; rejected?: boolean }) {
    serial += 1;
    const [{ id }] = await server.db.query<{ id: string }>(
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, status, created_at, due_at, verified_date, rejected_date, rejection_justification)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        `PERF-${database.name}-${serial}`, customerId, division, caseRequestId,
        fields.answered ? (fields.rejected ? 'rejected' : 'verified') : 'pending',
        fields.created, fields.due ?? null,
        fields.answered && !fields.rejected ? fields.answered : null,
        fields.answered && fields.rejected ? fields.answered : null,
        fields.rejected ? 'Not possible' : null,
      ],
    );
    return id;
  }
  async function rate(caseId: string, stars: number, at: string) {
    await server.db.query('INSERT INTO case_rating (case_id, customer_id, rate_num, created_at) VALUES ($1, $2, $3, $4)', [caseId, customerId, stars, at]);
  }
  async function accusation(created: string, closed?: string) {
    serial += 1;
    await server.db.query(
      `INSERT INTO accusation (reference, name, phone, subject, description, created_at, status, closed_at, outcome)
       VALUES ($1, 'Tsehay Complainant-Perf', '+251911223344', 'A performance test', 'Words', $2, $3, $4, $5)`,
      [`PERF-ACC-${serial}`, created, closed ? 'closed' : 'received', closed ?? null, closed ? 'Handled' : null],
    );
  }
  const json = async (init: RequestInit = {}) => fetch(`${server.url}/open-data/performance.json`, init);
  const csv = async (init: RequestInit = {}) => fetch(`${server.url}/open-data/performance.csv`, init);
  const monthOf = (body: Json, month: string, division?: string) =>
    (division ? body.divisions.find((d: Json) => d.id === division) : body.corporation).months.find((m: Json) => m.month === month);
  const TOO_FEW = { value: null, reason: 'too_few_cases' };
  const shown = (value: number) => ({ value, reason: null });

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
    [{ id: divisionA }, { id: divisionB }] = await server.db.query<{ id: string }>(
      `SELECT id FROM division WHERE status = 'active' ORDER BY name_en LIMIT 2`,
    );
    [{ id: customerId }] = await server.db.query<{ id: string }>('SELECT id FROM customer_user ORDER BY created_at LIMIT 1');
    [{ id: staffId }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user ORDER BY created_at LIMIT 1');
    [{ id: caseRequestId }] = await server.db.query<{ id: string }>('SELECT id FROM case_request ORDER BY created_at LIMIT 1');

    // Division A, May 2031: ten cases filed Monday 12 May, due at the end of Friday 16 May.
    // Nine answered 1 … 9 working days later (one rejected: a decision too).
    const may: string[] = [];
    for (const [index, day] of MAY_ANSWERS.entries()) {
      may.push(await addCase(divisionA, { created: morning('2031-05-12'), answered: `${day}T10:00:00Z`, due: endOf('2031-05-16'), rejected: index === 2 }));
    }
    // The tenth waited for its customer from Tuesday 13 to Tuesday 20 May (5 working days), so its due day moved
    // on to Friday 23 May (issue 25); approved on Friday 23: 9 working days, 4 of them the corporation's.
    const waited = await addCase(divisionA, { created: morning('2031-05-12'), answered: '2031-05-23T10:00:00Z', due: endOf('2031-05-23') });
    may.push(waited);
    await server.db.query(
      `INSERT INTO information_request (case_id, message, asked_by_id, asked_at, answer_text, answered_at) VALUES ($1, 'Your ID, please', $2, $3, 'Here it is', $4)`,
      [waited, staffId, '2031-05-13T07:00:00Z', '2031-05-20T07:00:00Z'],
    );
    // Ten ratings given in May: 5 5 5 5 4 4 4 3 2 1 = 38 / 10.
    for (const [index, stars] of [5, 5, 5, 5, 4, 4, 4, 3, 2, 1].entries()) await rate(may[index], stars, '2031-05-26T08:00:00Z');

    // Division B, April 2031: nine cases, all answered and rated: one short of showing anything.
    for (let n = 0; n < 9; n += 1) {
      const id = await addCase(divisionB, { created: morning('2031-04-07'), answered: '2031-04-08T10:00:00Z', due: endOf('2031-04-21') });
      await rate(id, 5, '2031-04-09T10:00:00Z');
    }
    // June 2031: nine open cases in B, and one in A filed at 01:00 on 1 June in Addis Ababa (still 31 May in UTC).
    for (let n = 0; n < 9; n += 1) await addCase(divisionB, { created: morning('2031-06-02') });
    await addCase(divisionA, { created: '2031-05-31T22:00:00Z' });

    // Accusations: ten received in March, all closed in May; nine received in February, still open.
    for (let n = 0; n < 10; n += 1) await accusation(morning('2031-03-10'), morning('2031-05-05'));
    for (let n = 0; n < 9; n += 1) await accusation(morning('2031-02-10'));
  });
  afterAll(() => server?.close());

  it('publishes twelve months, the licence and the schema version, for the corporation and each division', async () => {
    const body: Json = await expectOk(await json());
    expect(body).toMatchObject({
      schema_version: '1.0', generated_at: new Date(START).toISOString(), minimum_cases: 10, time_zone: 'Africa/Addis_Ababa',
      licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    });
    expect(body.licence.attribution).toMatch(/Housing Development Corporation/);
    expect(body.months).toEqual(['2030-07', '2030-08', '2030-09', '2030-10', '2030-11', '2030-12', '2031-01', '2031-02', '2031-03', '2031-04', '2031-05', '2031-06']);
    expect(body.corporation.months.map((m: Json) => m.month)).toEqual(body.months);
    const a = body.divisions.find((d: Json) => d.id === divisionA);
    expect(a.months.map((m: Json) => m.month)).toEqual(body.months);
    // Division names in six languages; accusations only corporation-wide.
    expect(Object.keys(a)).toEqual(expect.arrayContaining(['name_en', 'name_am', 'name_or', 'name_tg', 'name_sm', 'name_af']));
    expect(a.name_am).toMatch(/[\u1200-\u137F]/);
    expect(a.months[0]).not.toHaveProperty('accusations_received');
  });

  it('answers by the due day, with the days waiting for the customer excluded, and the median working days', async () => {
    const may = monthOf(await expectOk(await json()), '2031-05', divisionA);
    expect(may.cases_filed).toEqual(shown(10));
    expect(may.cases_answered).toEqual(shown(10));
    // By the due day: the four answered by Friday 16, and the one that waited, due a week later.
    expect(may.answered_by_due_share).toEqual(shown(0.5));
    // 1 2 3 4 4 5 6 7 8 9: the waiting case counts 4 days, not 9.
    expect(may.median_working_days).toEqual(shown(4.5));
    expect(may.ratings).toEqual(shown(10));
    expect(may.satisfaction_average).toEqual(shown(3.8));
    // The corporation's May is division A's.
    const corporation = monthOf(await expectOk(await json()), '2031-05');
    expect(corporation).toMatchObject({ cases_filed: shown(10), answered_by_due_share: shown(0.5), median_working_days: shown(4.5), satisfaction_average: shown(3.8) });
  });

  it('withholds a figure drawn from nine cases, and shows one drawn from ten', async () => {
    const body: Json = await expectOk(await json());
    const april = monthOf(body, '2031-04', divisionB);
    for (const key of ['cases_filed', 'cases_answered', 'answered_by_due_share', 'median_working_days', 'ratings', 'satisfaction_average']) {
      expect(april[key], key).toEqual(TOO_FEW);
      expect(monthOf(body, '2031-04')[key], key).toEqual(TOO_FEW);
    }
    // June, by Addis Ababa months: nine filed in B and one in A are ten for the corporation.
    expect(monthOf(body, '2031-06', divisionB).cases_filed).toEqual(TOO_FEW);
    expect(monthOf(body, '2031-06', divisionA).cases_filed).toEqual(TOO_FEW);
    expect(monthOf(body, '2031-06').cases_filed).toEqual(shown(10));
    expect(monthOf(body, '2031-06').cases_answered).toEqual(TOO_FEW);
    // A month with nothing is withheld too, never a zero that reads as a count.
    expect(monthOf(body, '2030-07', divisionA).cases_filed).toEqual(TOO_FEW);
    expect(body.reasons.too_few_cases).toMatch(/fewer than 10/);
  });

  it('counts accusations received and closed, corporation-wide', async () => {
    const body: Json = await expectOk(await json());
    expect(monthOf(body, '2031-03').accusations_received).toEqual(shown(10));
    expect(monthOf(body, '2031-05').accusations_closed).toEqual(shown(10));
    expect(monthOf(body, '2031-02').accusations_received).toEqual(TOO_FEW);
    expect(monthOf(body, '2031-03').accusations_closed).toEqual(TOO_FEW);
  });

  it('gives the same figures as CSV, with the licence in its first lines', async () => {
    const body: Json = await expectOk(await json());
    const response = await csv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    const text = await response.text();
    const lines = text.split('\r\n').filter(Boolean);
    const comments = lines.filter((line) => line.startsWith('#'));
    expect(comments.join('\n')).toMatch(/schema_version: 1\.0/);
    expect(comments.join('\n')).toMatch(/licence: CC BY 4\.0 \(https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/\); attribution: Housing Development Corporation/);
    expect(lines.findIndex((line) => !line.startsWith('#'))).toBe(comments.length);
    const [header, ...rows] = lines.slice(comments.length).map(parseCsvLine);
    const cells = rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
    expect(cells).toHaveLength(12 * (1 + body.divisions.length));
    const metrics = ['cases_filed', 'cases_answered', 'answered_by_due_share', 'median_working_days', 'ratings', 'satisfaction_average'];
    const expectSame = (cell: Record<string, string>, month: Json, keys: string[]) => {
      for (const key of keys) {
        expect(cell[key], `${cell.month} ${cell.division_id} ${key}`).toBe(month[key].value === null ? '' : String(month[key].value));
        expect(cell[`${key}_note`]).toBe(month[key].reason ?? '');
      }
    };
    for (const month of body.corporation.months) {
      const cell = cells.find((c) => c.month === month.month && c.division_id === '')!;
      expectSame(cell, month, [...metrics, 'accusations_received', 'accusations_closed']);
    }
    for (const division of body.divisions) {
      for (const month of division.months) {
        const cell = cells.find((c) => c.month === month.month && c.division_id === division.id)!;
        expect(cell.division_name_am).toBe(division.name_am);
        expectSame(cell, month, metrics);
        expect(cell.accusations_received).toBe('');
      }
    }
    expect(cells.find((c) => c.month === '2031-05' && c.division_id === divisionA)).toMatchObject({ median_working_days: '4.5', satisfaction_average: '3.8' });
  });

  it('holds no personal data: no customer, complainant or staff name, e-mail or phone, no case number', async () => {
    const texts = [await (await json()).text(), await (await csv()).text()];
    const people = await server.db.query<{ value: string }>(
      `SELECT unnest(ARRAY[firstname, middlename, lastname, email, phone]) AS value FROM customer_user
       UNION SELECT unnest(ARRAY[firstname, middlename, lastname, email]) FROM staff_user
       UNION SELECT unnest(ARRAY[name, phone, reference, subject]) FROM accusation
       UNION SELECT case_number FROM customer_case`,
    );
    const values = people.map((row) => row.value).filter((value): value is string => typeof value === 'string' && value.length >= 5);
    expect(values).toEqual(expect.arrayContaining(['Tsehay Complainant-Perf', '+251911223344', `PERF-${database.name}-1`]));
    for (const text of texts) for (const value of values) expect(text.includes(value), value).toBe(false);
  });

  it('is cached: public for an hour with an ETag, computed once an hour, a matching If-None-Match answers 304', async () => {
    now = START + 5 * HOUR;
    const first = await json();
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(first.headers.get('link')).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const before: Json = await first.json();
    expect(before.generated_at).toBe(new Date(now).toISOString());

    // A tenth June case in B changes nothing until the hour has passed.
    await addCase(divisionB, { created: morning('2031-06-10') });
    now += HOUR - 1000;
    const again = await json();
    expect(again.headers.get('etag')).toBe(etag);
    expect(monthOf(await again.json(), '2031-06', divisionB).cases_filed).toEqual(TOO_FEW);
    const unchanged = await json({ headers: { 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const csvEtag = (await csv()).headers.get('etag')!;
    expect(csvEtag).not.toBe(etag);
    expect((await csv({ headers: { 'If-None-Match': csvEtag } })).status).toBe(304);

    now += 1000;
    const fresh = await json({ headers: { 'If-None-Match': etag } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    expect(monthOf(await fresh.json(), '2031-06', divisionB).cases_filed).toEqual(shown(10));
  });
});
