/**
 * `npm run bench`: the API on the lookups that matter most, each figure next to a bare
 * Fastify answering the same lookups with the same driver on the same data, in one run.
 * The portal runs as users run it (`node server/main.ts`, its own process), the bare
 * server as another (scripts/bench/bare-server.ts), the load from a third (autocannon).
 * One server runs at a time, so each has the machine's cores to itself.
 *
 * BENCH_CASES (default 1 000 000) cases over BENCH_CUSTOMERS (default 50 000) customers,
 * kept between runs in the PostgreSQL database portal_bench and the PGlite folder
 * .bench/pglite (reused while their counts match). BENCH_SECONDS (default 10) per figure,
 * 50 connections for throughput, a steady 200 req/s for latency (the median p99 of
 * BENCH_STEADY_RUNS runs, default 3). BENCH_DATABASES picks
 * `pglite,postgres` (default both). BENCH_CPU_PROF=1 writes the portal's CPU profiles to
 * .bench/profiles (read them with scripts/bench/top-frames.ts).
 * A figure printer, not a test: it prints the issue-13 targets beside the figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEMO_CUSTOMER } from '../server/seed/seed.ts';
import { prepareBenchData, type BenchData } from './bench/data.ts';
import { load, startServer, type Figures, type Load, type Server } from './bench/processes.ts';

const CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..');
const STEADY_RATE = 200;
const STEADY_RUNS = Number(process.env.BENCH_STEADY_RUNS ?? 3);
const HUGE = '1000000000';

/** The portal as `npm start` runs it, minus the web app, with limits the bench cannot hit. */
const portalEnv = (database: Record<string, string>) => ({
  ...database,
  HOST: '127.0.0.1',
  STATIC_DIR: '',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  REDIS_URL: '',
  METRICS_PORT: '',
  RATE_LIMIT_MAX: HUGE,
  LOOKUP_LIMIT_MAX: HUGE,
  GUESS_LIMIT_MAX: HUGE,
});

interface Lookups {
  status: Load;
  page: Load;
  summary: Load;
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/customer_user_api/login_customer_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

const portalLookups = (base: string, token: string, data: BenchData): Lookups => ({
  status: { url: `${base}/customer_case_api/get_case_by_casenum`, method: 'POST', body: { casenum: data.caseNumber } },
  page: { url: `${base}/customer_case_api/get_case?page=1&sort=-1`, token },
  summary: { url: `${base}/customer_case_api/get_case_cust`, token },
});

const bareLookups = (base: string, data: BenchData): Lookups => ({
  status: { url: `${base}/status`, method: 'POST', body: { casenum: data.caseNumber } },
  page: { url: `${base}/cases?customer=${data.customerId}` },
  summary: { url: `${base}/summary?customer=${data.customerId}` },
});

interface Measured {
  status: Figures;
  page: Figures;
  statusSteady: Figures & { runs: number[] };
  summarySteady: Figures & { runs: number[] };
  residentMb: number;
}

/**
 * Latency at a steady rate, STEADY_RUNS times: the run with the median p99, and every
 * run's p99. On this shared 2-core machine one burst of other work (a test run, a build)
 * stalls every process for 50–300 ms, and at 200 req/s for 10 s one such stall is the p99
 * by itself; the median of three is what the server does, not what its neighbours did.
 */
async function steadyLatency(lookup: Load): Promise<Figures & { runs: number[] }> {
  const runs: Figures[] = [];
  for (let n = 0; n < STEADY_RUNS; n++) runs.push(await load(lookup, SECONDS, { connections: 10, rate: STEADY_RATE }));
  const byP99 = runs.slice().sort((a, b) => a.p99 - b.p99);
  return { ...byP99[Math.floor(byP99.length / 2)], errors: runs.reduce((sum, run) => sum + run.errors, 0), runs: runs.map((run) => run.p99) };
}

/** Throughput with 50 connections, then latency at a steady rate; a short warm-up first (JIT, plans, pool). */
async function measure(server: Server, lookups: Lookups): Promise<Measured> {
  for (const lookup of Object.values(lookups)) await load(lookup, 2, { connections: 10 });
  const status = await load(lookups.status, SECONDS, { connections: 50 });
  const page = await load(lookups.page, SECONDS, { connections: 50 });
  const statusSteady = await steadyLatency(lookups.status);
  const summarySteady = await steadyLatency(lookups.summary);
  return { status, page, statusSteady, summarySteady, residentMb: server.residentMb() };
}

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 100)} %`;
const errorsOf = (f: Figures) => (f.errors ? `  (${f.errors} errors!)` : '');

function report(kind: string, portal: Measured, bare: Measured, shareTarget: number) {
  const row = (name: string, p: Figures, b: Figures) =>
    console.log(
      `  ${name.padEnd(34)} ${String(p.rps).padStart(7)} req/s  p99 ${String(p.p99).padStart(4)} ms | bare ${String(b.rps).padStart(7)} req/s  p99 ${String(b.p99).padStart(4)} ms | ${pct(p.rps, b.rps).padStart(5)} (target ≥ ${shareTarget} %)${errorsOf(p)}${errorsOf(b)}`,
    );
  row('status check by case number', portal.status, bare.status);
  row("a customer's page of ten + total", portal.page, bare.page);
  const runs = (f: Measured['statusSteady']) => `(runs ${f.runs.join(', ')})`;
  const steady = (name: string, p: Measured['statusSteady'], b: Measured['statusSteady']) =>
    console.log(`  ${name.padEnd(34)} p50 ${p.p50} ms  p99 ${p.p99} ms ${runs(p)} | bare p50 ${b.p50} ms  p99 ${b.p99} ms ${runs(b)}${kind === 'postgres' ? ' (target p99 ≤ 20 ms)' : ''}${errorsOf(p)}`);
  steady(`status check at ${STEADY_RATE} req/s`, portal.statusSteady, bare.statusSteady);
  steady(`summary counts at ${STEADY_RATE} req/s`, portal.summarySteady, bare.summarySteady);
  console.log(`  resident memory after the run: portal ${portal.residentMb} MB, bare ${bare.residentMb} MB`);
}

async function bench(kind: 'pglite' | 'postgres') {
  let database: Record<string, string>;
  let bareDatabase: Record<string, string>;
  let url: string;
  if (kind === 'postgres') {
    const named = new URL(POSTGRES);
    named.pathname = '/portal_bench';
    url = named.href;
    database = { DATABASE_URL: url, TOKEN_SECRET: 'bench-token-secret-of-at-least-32-characters', DATA_DIR: path.join(ROOT, '.bench', 'postgres-files') };
    bareDatabase = { DATABASE_URL: url };
  } else {
    const dataDir = path.join(ROOT, '.bench', 'pglite');
    url = path.join(dataDir, 'db');
    database = { DATA_DIR: dataDir, DATABASE_URL: '' };
    bareDatabase = { PGLITE_DIR: url, DATABASE_URL: '' };
  }
  const wipe = kind === 'postgres'
    ? () => recreatePostgresDatabase('portal_bench')
    : async () => fs.rmSync(path.dirname(url), { recursive: true, force: true });
  const data = await prepareBenchData(url, CASES, CUSTOMERS, wipe);
  console.log(`\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${CASES} cases over ${CUSTOMERS} customers ` +
    (data.filledIn ? `(filled in ${data.filledIn.toFixed(1)} s)` : '(prepared data reused)'));

  const profile = process.env.BENCH_CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${path.join(ROOT, '.bench', 'profiles')}`] : [];
  const portal = await startServer('server/main.ts', portalEnv(database), profile);
  const portalFigures = await measure(portal, portalLookups(portal.base, await signIn(portal.base), data)).finally(() => portal.stop());
  const bare = await startServer('scripts/bench/bare-server.ts', bareDatabase);
  const bareFigures = await measure(bare, bareLookups(bare.base, data)).finally(() => bare.stop());
  report(kind, portalFigures, bareFigures, kind === 'postgres' ? 70 : 50);
}

async function onPostgres(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

const ensurePostgresDatabase = (name: string) =>
  onPostgres(async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  });

const recreatePostgresDatabase = (name: string) =>
  onPostgres(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });

console.log(`Bench: ${SECONDS} s per figure; throughput with 50 connections, latency at a steady ${STEADY_RATE} req/s (autocannon in its own process).`);
for (const kind of DATABASES) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`BENCH_DATABASES: unknown ${kind}`);
  if (kind === 'postgres') {
    const answers = await ensurePostgresDatabase('portal_bench').then(() => true, () => false);
    if (!answers) {
      console.log(`\nPostgreSQL did not answer at ${POSTGRES}: skipped.`);
      continue;
    }
  }
  await bench(kind);
}
