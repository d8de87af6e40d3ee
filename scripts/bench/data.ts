/**
 * The bench's data: the portal's own schema and demo data, plus BENCH_CASES cases over
 * BENCH_CUSTOMERS customers, each one INSERT … SELECT generate_series (a million rows in
 * seconds, not row by row). A prepared database whose counts match is reused as it is.
 */
import { openDatabase, type Queryable } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { DEMO_CUSTOMER, seedDemoData } from '../../server/seed/seed.ts';

// Case numbers keep the portal's form (six digits a year): 100 000 a year from 2010 on.
const BENCH_NUMBER = `'BEN-' || (2010 + n / 100000) || '-' || lpad((n % 100000)::text, 6, '0')`;

export interface BenchData {
  /** A bench case's number, looked up by the status check. */
  caseNumber: string;
  /** The demo customer, who signs in for the page of ten and the summary counts. */
  customerId: string;
  /** Seconds spent filling; 0 when the prepared data was reused. */
  filledIn: number;
}

/** The prepared data, when the database at url holds exactly this many bench cases and customers. */
async function preparedData(url: string, cases: number, customers: number): Promise<BenchData | undefined> {
  const db = await openDatabase({ url });
  try {
    const tables = await db.query("SELECT 1 FROM pg_tables WHERE tablename = 'customer_case'");
    if (tables.length === 0) return undefined;
    const count = async (sql: string) => (await db.query<{ n: number }>(sql))[0].n;
    const ready =
      (await count("SELECT count(*) AS n FROM customer_case WHERE case_number LIKE 'BEN-%'")) === cases &&
      (await count("SELECT count(*) AS n FROM customer_user WHERE email LIKE 'bench%@example.com'")) === customers - 1;
    return ready ? await benchData(db, cases, 0) : undefined;
  } finally {
    await db.close();
  }
}

async function benchData(db: Queryable, cases: number, filledIn: number): Promise<BenchData> {
  const [{ id: customerId }] = await db.query<{ id: string }>('SELECT id FROM customer_user WHERE lower(email) = $1', [DEMO_CUSTOMER.email]);
  // A case in the middle of the table, not the last one written.
  const [{ case_number: caseNumber }] = await db.query<{ case_number: string }>(
    `SELECT case_number FROM customer_case WHERE case_number = (SELECT ${BENCH_NUMBER} FROM (SELECT $1::int AS n) AS middle)`,
    [Math.ceil(cases / 2)],
  );
  return { caseNumber, customerId, filledIn };
}

/**
 * Reuses the data at url when its counts match; otherwise calls `wipe` (a new empty
 * database: deleting a million rows one foreign-key check at a time would take longer
 * than writing them) and fills it.
 */
export async function prepareBenchData(url: string, cases: number, customers: number, wipe: () => Promise<void>): Promise<BenchData> {
  const prepared = await preparedData(url, cases, customers);
  if (prepared) return prepared;
  await wipe();
  const started = Date.now();
  const db = await openDatabase({ url });
  try {
    await migrate(db);
    await seedDemoData(db);
    // The demo customer is one of the customers, with the same share of cases as the others.
    await db.query(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, email_verified_at)
       SELECT 'Bench', 'Customer', n::text, 'bench' || n || '@example.com', 'x', '+251911000000', 'Male', now()
       FROM generate_series(1, $1::int) AS n`,
      [customers - 1],
    );
    await db.query(
      `WITH owners AS (
         SELECT id, row_number() OVER (ORDER BY email) - 1 AS k FROM customer_user
         WHERE email LIKE 'bench%@example.com' OR lower(email) = $1),
       request AS (SELECT id, division_id, directorate_id FROM case_request ORDER BY position, id LIMIT 1)
       INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, directorate_id, status, created_at)
       SELECT ${BENCH_NUMBER}, owners.id, request.division_id, request.id, request.directorate_id,
              (ARRAY['pending','ongoing','responded','verified','rejected'])[n % 5 + 1],
              now() - make_interval(secs => n)
       FROM generate_series(1, $3::int) AS n JOIN owners ON owners.k = n % $2, request`,
      [DEMO_CUSTOMER.email, customers, cases],
    );
    await db.query('VACUUM ANALYZE');
    return await benchData(db, cases, (Date.now() - started) / 1000);
  } finally {
    await db.close();
  }
}
