/**
 * The one small interface every store uses, so the same SQL runs on the embedded
 * PGlite and on a PostgreSQL server (DESIGN.md: one dialect, one set of migrations).
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… for a server; otherwise a PGlite data folder or "memory://". */
  url: string;
  /** PostgreSQL only: the schema to work in (tests use one each, then drop it). */
  schema?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.url, options.schema);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.url);
}
