import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoData } from '../../server/seed/seed.ts';
import { dataDirStorage } from '../../server/files/storage.ts';
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
  // Files (uploads, the demo cases' PDFs, mail) go to a folder of this server's own unless the test names one.
  const ownDataDir = configOverrides.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config: Config = { ...readConfig({ ...env }), staticDir: '', ...(ownDataDir ? { dataDir: ownDataDir } : {}), ...configOverrides };
  const schema = database.name === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ url: database.url, schema });
  await migrate(db);
  await seedDemoData(db, { storage: dataDirStorage(config.dataDir), caseNumberPrefix: config.caseNumberPrefix });
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
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
