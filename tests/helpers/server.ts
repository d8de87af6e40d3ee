import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/start.ts';
import { POSTGRES_URL, type TestDatabase } from './databases.ts';

/** The key test servers and spawned portals on PostgreSQL sign with (it must be set there: server/auth/secret.ts). */
export const TEST_TOKEN_SECRET = 'test-token-secret-of-at-least-32-characters';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  config: Config;
  /** PostgreSQL only: the schema this server's rows live in. */
  schema?: string;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<Config> {
  env?: NodeJS.ProcessEnv;
  /** Pino options (e.g. a stream to read the log from); default: no log. */
  logger?: boolean | object;
  /** A second instance on the first one's database (its schema on PostgreSQL), as behind a load balancer. */
  sameDatabaseAs?: TestServer;
  /** The clock session tokens use; a test moves it instead of sleeping. */
  clock?: () => number;
}

/**
 * An in-memory PGlite already migrated: each test server starts from a copy of it instead
 * of creating a database. Creating and migrating one takes ~5 s of CPU, and test files run
 * in processes of their own, so the copy is kept on disk, named by the migrations, the code
 * that runs them and the PGlite it was made with: the first file to need it makes it (written whole, then renamed
 * into place, so a file running beside it never reads half of one), the others read it.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');
// What else makes the copy: the code that runs the migrations, and the PGlite that ran them.
const MIGRATED_BY = ['../../server/db/migrate.ts', '../../node_modules/@electric-sql/pglite/package.json'].map((file) =>
  path.resolve(import.meta.dirname, file),
);
let migratedPglite: Promise<Blob> | undefined;
function migratedPgliteCopy(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const hash = createHash('sha256');
    for (const file of MIGRATED_BY) hash.update(fs.readFileSync(file));
    for (const file of fs.readdirSync(MIGRATIONS).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
    const copy = path.join(os.tmpdir(), `portal-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (fs.existsSync(copy)) return new Blob([fs.readFileSync(copy)]);
    const db = await openDatabase({ url: 'memory://' });
    try {
      await migrate(db);
      const dump = await db.dump!();
      const partial = `${copy}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, copy);
      return dump;
    } finally {
      await db.close();
    }
  })();
  return migratedPglite;
}

/**
 * What a PGlite instance holds once migrated, beyond its tables' definitions: the rows the
 * migrations put in (the migration log is left as it is), every sequence's position, and a
 * fingerprint of its definitions and session settings, to see that a test changed none.
 */
interface MigratedState {
  rows: { table: string; json: string }[];
  sequences: { sequence: string; value: string; called: boolean }[];
  fingerprint: string;
}

/**
 * The namespaces a test database's own definitions live in: on PGlite every one but the
 * system's; on PostgreSQL only the server's schema (the `test` database holds the schemas of
 * every file running, on this machine or beside it, and a spare must never touch theirs).
 */
const OWN_NAMESPACE = {
  pglite: `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`,
  postgres: `n.nspname = current_schema()`,
};
type Engine = keyof typeof OWN_NAMESPACE;

const fingerprintOf = (engine: Engine) => `SELECT md5(string_agg(item, ',' ORDER BY item)) AS fingerprint FROM (
    SELECT format('rel %s.%s %s', n.nspname, c.relname, c.relkind) AS item FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${OWN_NAMESPACE[engine]}
    UNION ALL SELECT format('col %s.%s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.atthasdef) FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${engine === 'pglite' ? `n.nspname = 'public'` : OWN_NAMESPACE[engine]} AND a.attnum > 0
    UNION ALL SELECT format('trigger %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled) FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${engine === 'pglite' ? 'true' : OWN_NAMESPACE[engine]}
    UNION ALL SELECT format('constraint %s %s', k.conrelid::regclass, k.conname) FROM pg_constraint k
      JOIN pg_namespace n ON n.oid = k.connamespace WHERE ${engine === 'pglite' ? 'true' : OWN_NAMESPACE[engine]}
    UNION ALL SELECT format('function %s', p.oid::regprocedure) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${engine === 'pglite' ? `n.nspname = 'public'` : OWN_NAMESPACE[engine]}
    UNION ALL SELECT format('role %s', rolname) FROM pg_roles
    UNION ALL SELECT format('setting %s %s', name, setting) FROM pg_settings WHERE source = 'session'
  ) AS catalog`;

const userTables = (db: Database, engine: Engine) =>
  db.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND ${engine === 'pglite' ? `n.nspname NOT IN ('pg_catalog', 'information_schema')` : OWN_NAMESPACE[engine]}
        AND c.relname <> 'schema_migration'
      ORDER BY 1`,
  );

async function migratedState(db: Database, engine: Engine): Promise<MigratedState> {
  const rows: MigratedState['rows'] = [];
  for (const { name } of await userTables(db, engine)) {
    const [{ json }] = await db.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${name} t`);
    if (json) rows.push({ table: name, json });
  }
  const sequences: MigratedState['sequences'] = [];
  for (const { name } of await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences s
      WHERE ${engine === 'pglite' ? 'true' : 's.schemaname = current_schema()'} ORDER BY 1`,
  )) {
    const [{ value, called }] = await db.query<{ value: string; called: boolean }>(`SELECT last_value::text AS value, is_called AS called FROM ${name}`);
    sequences.push({ sequence: name, value, called });
  }
  const [{ fingerprint }] = await db.query<{ fingerprint: string }>(fingerprintOf(engine));
  return { rows, sequences, fingerprint };
}

/**
 * Databases a closed test server gave back, emptied to the migrated state. In-memory PGlite:
 * starting one costs ~1.5 s of CPU (its Postgres boots in WebAssembly, with or without a copy
 * to start from). PostgreSQL: a schema of its own, created and migrated, costs ~0.7 s of the
 * server's time and its drop another ~0.2 s. Emptying either takes a few milliseconds. Test
 * files share a process (the api and e2e projects run with isolate: false), so the next server
 * on that database, in this file or the next, takes one from here. A server gets exactly what
 * a fresh one holds: every table emptied, the migrations' rows put back, every sequence where
 * the migrations left it. One whose definitions or session settings a test changed is closed
 * (its schema dropped), not kept.
 */
interface Spare {
  db: Database;
  schema?: string;
}
const spares: Record<Engine, Spare[]> = { pglite: [], postgres: [] };
const MAX_SPARES = 2;
const migrated: Partial<Record<Engine, MigratedState>> = {};

async function openMigratedPglite(): Promise<Spare> {
  return spares.pglite.pop() ?? { db: await openDatabase({ url: 'memory://', startFrom: await migratedPgliteCopy() }) };
}

/**
 * A PostgreSQL schema a spare may outlive its file in is named by this process, and only its
 * server drops it (the schema of a server that is not kept is dropped when it closes). The
 * process ends with up to MAX_SPARES of them: the first process to open one drops those whose
 * process has gone, on this machine, so none pile up and none in use is touched.
 */
const SPARE_SCHEMA = `test_spare_${process.pid}_`;
let sweptSpareSchemas: Promise<void> | undefined;

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function openMigratedPostgres(url: string): Promise<Spare> {
  const spare = spares.postgres.pop();
  if (spare) return spare;
  const schema = `${SPARE_SCHEMA}${randomBytes(6).toString('hex')}`;
  const db = await openDatabase({ url, schema, keepSchema: true });
  sweptSpareSchemas ??= (async () => {
    const left = await db.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'test\\_spare\\_%'`);
    for (const { name } of left) {
      if (processGone(Number(name.split('_')[2]))) await db.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`).catch(() => {});
    }
  })();
  await sweptSpareSchemas;
  return { db, schema };
}

async function giveBack(engine: Engine, spare: Spare): Promise<void> {
  // One a test left unusable (a table renamed away, say) is closed like a changed one.
  if (spares[engine].length < MAX_SPARES && (await emptiedToMigrated(spare.db, engine).catch(() => false))) {
    spares[engine].push(spare);
    return;
  }
  if (spare.schema) await spare.db.query(`DROP SCHEMA IF EXISTS ${spare.schema} CASCADE`).catch(() => {});
  await spare.db.close();
}

/** Empties `db` to what the migrations left; false when a test changed what an emptying cannot put back. */
async function emptiedToMigrated(db: Database, engine: Engine): Promise<boolean> {
  const { rows, sequences, fingerprint } = migrated[engine]!;
  const tables = (await userTables(db, engine)).map(({ name }) => name);
  await db.transaction(async (tx) => {
    await tx.query(`TRUNCATE ${tables.join(', ')}`);
    for (const { table, json } of rows) await tx.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`, [json]);
    for (const { sequence, value, called } of sequences) await tx.query('SELECT setval($1, $2, $3)', [sequence, value, called]);
  });
  return (await db.query<{ fingerprint: string }>(fingerprintOf(engine)))[0].fingerprint === fingerprint;
}

/**
 * Fills `folder`, a PGlite database folder (DATA_DIR/db for the portal and its CLI), with the
 * migrated database the in-process servers start from: a process started on it, or an
 * openDatabase() of it, skips creating one (initdb and every migration, seconds of CPU).
 * The copy is a plain tar of files and folders (PGlite's dumpDataDir, uncompressed).
 */
export async function fillWithMigratedPglite(folder: string): Promise<void> {
  const tar = Buffer.from(await (await migratedPgliteCopy()).arrayBuffer());
  // Where openPglite keeps the database inside its folder (server/db/pglite.ts).
  const root = path.join(folder, 'pgdata');
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, length: number) => header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
    const target = path.join(root, field(345, 155), field(0, 100));
    const [mode, size, type] = [parseInt(field(100, 8), 8), parseInt(field(124, 12), 8), field(156, 1) || '0'];
    at += 512;
    if (type === '5') fs.mkdirSync(target, { recursive: true, mode });
    else if (type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(at, at + size), { mode });
    } else throw new Error(`entry type ${type} in the migrated PGlite copy: only files and folders are expected`);
    at += Math.ceil(size / 512) * 512;
  }
}

/**
 * The real server on a real database, built as main.ts builds it. PostgreSQL runs get
 * a schema of their own, dropped at the end, so test files never see each other's rows.
 */
export async function startTestServer(
  database: TestDatabase,
  overrides: TestServerOptions = {},
): Promise<TestServer> {
  const { env = {}, logger = false, sameDatabaseAs, clock, ...configOverrides } = overrides;
  // Files (uploads, the demo cases' PDFs, mail) go to a folder of this server's own unless the test names one.
  const ownDataDir = configOverrides.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config: Config = {
    ...readConfig({ ...env }),
    staticDir: '',
    // PostgreSQL refuses to start without TOKEN_SECRET, as an operator's portal does.
    ...(database.name === 'postgres' ? { tokenSecret: TEST_TOKEN_SECRET } : {}),
    ...(ownDataDir ? { dataDir: ownDataDir } : {}),
    ...configOverrides,
  };
  // A second instance shares the first one's database: its schema on PostgreSQL, its PGlite.
  const inMemory = database.url === 'memory://';
  const engine: Engine = database.name;
  const own = sameDatabaseAs
    ? undefined
    : inMemory
      ? await openMigratedPglite()
      // Only the tests' own PostgreSQL: a relay a test cuts, or a scratch database, is gone after its file.
      : database.name === 'postgres' && database.url === POSTGRES_URL ? await openMigratedPostgres(database.url) : undefined;
  const schema = sameDatabaseAs?.schema ?? own?.schema ?? (database.name === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined);
  const db = own?.db ?? (sameDatabaseAs && !schema
    ? sameDatabaseAs.db
    : await openDatabase({ url: database.url, schema, keepSchema: Boolean(sameDatabaseAs) }));
  await migrate(db);
  if (own) migrated[engine] ??= await migratedState(db, engine);
  await seedDemo(db, config);
  const app = await buildApp({ config, db, logger, clock });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    url,
    config,
    schema,
    async close() {
      // A test's teardown: a response whose body the test never read (only its status) would
      // hold its request "in flight" until the client is collected, and close waits for every
      // request in flight (server/web/requests-in-flight.ts). Its connection is cut instead.
      const closed = app.close();
      app.server.closeAllConnections();
      await closed;
      if (own) await giveBack(engine, own);
      else if (db !== sameDatabaseAs?.db) await db.close();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server a test file's describe blocks share, one per database: started when a block
 * first asks for it, closed after the file's last test (blocks must not close it). A block
 * that needs a setting of its own (a tighter limit, a logger, a metrics port …) starts another
 * instance on its database (`sameDatabaseAs`) rather than a database of its own: on PGlite,
 * opening one is most of a start's seconds. Such an instance sees the same rows, the limits'
 * counters kept in the database included (a test of a per-address limit then sends from
 * another address: fetchFrom), and keeps files in a DATA_DIR of its own (on PGlite the
 * demo's PDFs are in the first instance's).
 */
export function fileServer(options: TestServerOptions | ((database: TestDatabase) => TestServerOptions | Promise<TestServerOptions>) = {}) {
  const started = new Map<TestDatabase['name'], Promise<TestServer>>();
  afterAll(async () => {
    for (const server of await Promise.allSettled(started.values())) {
      if (server.status === 'fulfilled') await server.value.close();
    }
  });
  return (database: TestDatabase): Promise<TestServer> => {
    let server = started.get(database.name);
    if (!server) {
      server = (async () => startTestServer(database, typeof options === 'function' ? await options(database) : options))();
      started.set(database.name, server);
    }
    return server;
  };
}
