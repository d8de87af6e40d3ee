/**
 * The one small interface every store uses, so the same SQL runs on the embedded
 * PGlite and on a PostgreSQL server (DESIGN.md: one dialect, one set of migrations).
 * Both drivers (pglite.ts, postgres.ts) build it from here; database.ts, which loads
 * them, passes it on to everyone else.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** Where the driver reports what it recovered from (the server's logger once it runs). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

/** Until the server hands over its logger (migrations and seeding run before it exists). */
export const consoleLog: DatabaseLog = { warn: (details, message) => console.warn(message, details) };

/** More work for a transaction a store runs: a file claiming its row's (FileStorage.claim). */
export type AlsoInTransaction = (tx: Queryable) => Promise<void>;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Sends the driver's warnings (a dropped connection) to this log from now on. */
  logTo(log: DatabaseLog): void;
  /** PostgreSQL only: the pool's connections, for the metrics port. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: a copy of the data folder, for OpenOptions.startFrom. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}
