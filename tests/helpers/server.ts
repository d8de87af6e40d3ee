import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoData } from '../../server/seed/seed.ts';
import type { TestDatabase } from './databases.ts';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real server on a real database, built as main.ts builds it. PostgreSQL runs get
 * a schema of their own, dropped at the end, so test files never see each other's rows.
 */
export async function startTestServer(
  database: TestDatabase,
  overrides: Partial<Config> & { env?: NodeJS.ProcessEnv } = {},
): Promise<TestServer> {
  const { env = {}, ...configOverrides } = overrides;
  const config: Config = { ...readConfig({ ...env }), staticDir: '', ...configOverrides };
  const schema = database.name === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ url: database.url, schema });
  await migrate(db);
  await seedDemoData(db);
  const app = await buildApp({ config, db, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    url,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
