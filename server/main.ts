import { readConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openMigratedDatabase } from './start.ts';

const config = readConfig();
const db = await openMigratedDatabase(config).catch((error: Error) => {
  // A refused start (folder in use, database unreachable, failed migration) says why and stops.
  console.error(`The portal could not start: ${error.message}`);
  process.exit(1);
});
const app = await buildApp({ config, db });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await db.close();
    process.exit(0);
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`portal ready on http://localhost:${config.port} (database: ${db.kind})`);
} catch (error) {
  app.log.error(error);
  await db.close();
  process.exit(1);
}
