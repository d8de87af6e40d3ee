/**
 * `npm run bench`: the API's throughput and latency on the lookups that matter most,
 * on PGlite and (when one answers) PostgreSQL, next to TOOLCHAIN.md's bare-Fastify
 * ceiling. A figure printer, not a test: nothing here passes or fails.
 *
 * BENCH_CASES (default 100000) cases are added for many customers; one customer owns
 * 1000 of them, so their paged list does real work. Each lookup runs 50 connections for
 * BENCH_SECONDS (default 10) against 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { DEMO_CUSTOMER, seedDemoData } from '../server/seed/seed.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function fill(db: Database) {
  const [demo] = await db.query<{ id: string }>('SELECT id FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]);
  const [request] = await db.query<{ id: string; division_id: string }>('SELECT id, division_id FROM case_request LIMIT 1');
  // Other customers' cases make the table realistic; the demo customer owns 1000 of them.
  await db.query(
    `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, email_verified_at)
     SELECT 'Bench', 'Customer', n::text, 'bench' || n || '@example.com', 'x', '0911000000', 'Male', now()
     FROM generate_series(1, 1000) AS n`,
  );
  await db.query(
    `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, status, created_at)
     SELECT 'BEN-2019-' || lpad(n::text, 6, '0'),
            CASE WHEN n % ${Math.max(1, Math.floor(CASES / 1000))} = 0 THEN $1::uuid
                 ELSE (SELECT id FROM customer_user WHERE email = 'bench' || (n % 1000 + 1) || '@example.com') END,
            $2, $3, (ARRAY['pending','ongoing','responded','verified','rejected'])[n % 5 + 1],
            now() - make_interval(mins => n)
     FROM generate_series(1, $4::int) AS n`,
    [demo.id, request.division_id, request.id, CASES],
  );
  await db.query('ANALYZE');
}

async function run(name: string, url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: 50, duration: SECONDS, ...options });
  const non2xx = result.non2xx;
  console.log(
    `  ${name.padEnd(46)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${non2xx ? `   (${non2xx} non-2xx!)` : ''}`,
  );
}

async function bench(kind: 'pglite' | 'postgres', url: string) {
  const schema = kind === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const db = await openDatabase({ url, schema });
  try {
    await migrate(db);
    await seedDemoData(db);
    const started = Date.now();
    await fill(db);
    console.log(`\n${kind}: ${CASES} cases added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const huge = { max: 1e9, windowMs: 60_000 };
    const config = { ...readConfig({}), staticDir: '', rateLimit: huge, lookupLimit: huge, guessLimit: huge };
    const app = await buildApp({ config, db, logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/customer_user_api/login_customer_user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CUSTOMER),
    });
    const { token } = (await login.json()) as { token: string };
    const [{ case_number }] = await db.query<{ case_number: string }>(
      "SELECT case_number FROM customer_case WHERE case_number LIKE 'BEN-%' ORDER BY case_number DESC LIMIT 1",
    );
    await run('status check by case number (anonymous, masked)', `${base}/customer_case_api/get_case_by_casenum`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ casenum: case_number }),
    });
    await run("a customer's page of 10 newest + total", `${base}/customer_case_api/get_case?page=1&sort=-1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await run("a customer's five summary counts", `${base}/customer_case_api/get_case_cust`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await run('all divisions (landing page)', `${base}/division_api/get_all_divisions`);
    console.log(`  memory: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB resident`);
    await app.close();
  } finally {
    await db.close();
  }
}

console.log(`Bench: 50 connections, ${SECONDS} s per lookup, ${CASES} cases. Ceiling (TOOLCHAIN.md, bare Fastify, 1M cases):`);
console.log('  PostgreSQL: ~13,600 req/s by case number, ~6,300 req/s a page of 10 + count; PGlite: ~3,500 and ~1,700.');
await bench('pglite', 'memory://');
const pgAnswers = await (async () => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
})();
if (pgAnswers) await bench('postgres', POSTGRES_URL);
else console.log(`\nPostgreSQL did not answer at ${POSTGRES_URL}: skipped.`);
