/**
 * The ceiling `npm run bench` measures the portal against: a bare Fastify answering the
 * same lookups on the same data with the same driver, written the plain way — one handler
 * per lookup, its SQL sent as it is, JSON.stringify, no validation, no sign-in, no limits.
 * Run by the bench as its own process: PORT, and DATABASE_URL or PGLITE_DIR.
 */
import Fastify from 'fastify';

interface Driver {
  query<Row>(sql: string, params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function openDriver(): Promise<Driver> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    pg.types.setTypeParser(20, Number);
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (sql, params) => (await pool.query(sql, params)).rows, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(`${process.env.PGLITE_DIR}/pgdata`, { parsers: { 20: Number } });
  await db.waitReady;
  return { query: async (sql, params) => (await db.query(sql, params)).rows as never, close: () => db.close() };
}

const names = (alias: string, column = 'name') =>
  ['en', 'am', 'or', 'tg', 'sm', 'af'].map((lang) => `'${column}_${lang}', ${alias}.${column}_${lang}`).join(', ');

// What the portal's status check shows a visitor: the case, its division, its kind and its
// schedule dates; its state as a customer reads it and whether it is late, worked out in
// SQL as the portal does (server/cases/casework-sql.ts: archived reads as its verdict, late
// from migration 014's due_at).
const STATUS = `
  SELECT c.case_number,
    CASE WHEN c.status <> 'archived' THEN c.status WHEN c.verified_date IS NULL THEN 'rejected' ELSE 'verified' END AS status,
    CASE WHEN c.due_at <= COALESCE(c.verified_date, c.rejected_date, now()) THEN 'yes' ELSE 'no' END AS late,
    c.created_at AS "createdAt", c.ongoing_date, c.verified_date, c.rejected_date,
    json_build_object('_id', d.id, ${names('d')}) AS division,
    json_build_object('_id', r.id, ${names('r', 'case_name')}) AS caselist,
    coalesce((SELECT json_agg(json_build_object('schedule', json_build_object(
                'extended_date', s.extended_date, 'scheduled_date', s.scheduled_date)) ORDER BY s.created_at, s.id)
              FROM case_schedule s WHERE s.case_id = c.id), '[]'::json) AS schedule_program
  FROM customer_case c
  JOIN division d ON d.id = c.division_id
  JOIN case_request r ON r.id = c.case_request_id
  WHERE c.case_number = $1`;

const driver = await openDriver();
const app = Fastify({ logger: false });

app.post<{ Body: { casenum: string } }>('/status', async (request, reply) => {
  const [found] = await driver.query(STATUS, [request.body.casenum]);
  return found ?? reply.status(404).send({ message: 'not found' });
});

app.get<{ Querystring: { customer: string } }>('/cases', async (request) => {
  const customer = request.query.customer;
  const [cases, [{ count }]] = await Promise.all([
    driver.query(
      `SELECT id AS "_id", case_number, status, created_at AS "createdAt" FROM customer_case
       WHERE customer_id = $1 ORDER BY created_at DESC, case_number DESC LIMIT 10`,
      [customer],
    ),
    driver.query<{ count: number }>('SELECT count(*) AS count FROM customer_case WHERE customer_id = $1', [customer]),
  ]);
  return { cases, currentPage: 1, totalPages: Math.max(1, Math.ceil(count / 10)) };
});

app.get<{ Querystring: { customer: string } }>('/summary', async (request) => {
  const [summary] = await driver.query(
    `SELECT count(*) AS "totalCases", count(*) FILTER (WHERE status = 'pending') AS "pendingCases",
       count(*) FILTER (WHERE status IN ('ongoing', 'responded')) AS "processingCases",
       count(*) FILTER (WHERE status = 'verified') AS "respondedCases",
       count(*) FILTER (WHERE status = 'rejected') AS "rejectedCases"
     FROM customer_case WHERE customer_id = $1`,
    [request.query.customer],
  );
  return summary;
});

app.get('/readyz', async () => ({ status: 'ready' }));

process.on('SIGTERM', async () => {
  await app.close();
  await driver.close();
  process.exit(0);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
