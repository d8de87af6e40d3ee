import { readConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openMigratedDatabase } from './start.ts';
import { TOKEN_SECRET_MISSING } from './auth/secret.ts';

/** A start the portal refuses says why in one line and exits 1. */
function refuseStart(error: Error): never {
  console.error(`The portal could not start: ${error.message}`);
  process.exit(1);
}

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  refuseStart(error as Error);
}
// Said before connecting: the key must not live in a database that every backup copies.
if (config.databaseUrl && !config.tokenSecret) refuseStart(new Error(TOKEN_SECRET_MISSING));
// Folder in use, database unreachable, failed migration …
const db = await openMigratedDatabase(config).catch(refuseStart);
// A setting the server cannot use (a static folder that is not there, a taken metrics port …).
const app = await buildApp({ config, db }).catch(async (error: Error) => {
  await db.close();
  return refuseStart(error);
});

/**
 * SIGTERM (an orchestrator, `kill`, npm passing it on) or SIGINT (Ctrl-C): stop taking
 * connections, let the requests in flight finish, close Redis and the database (which
 * frees the PGlite folder for the next start), exit 0. Requests still open after
 * SHUTDOWN_TIMEOUT_MS are given up: exit 1, so a supervisor sees the stop was not clean.
 * A repeated signal changes nothing: Ctrl-C under npm delivers SIGINT twice.
 */
let closing = false;
async function shutDown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down, finishing the requests in flight`);
  setTimeout(() => {
    app.log.error(`requests still open after ${config.shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting without them`);
    process.exit(1);
  }, config.shutdownTimeoutMs);
  try {
    await app.close();
    await db.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('shut down');
  process.exit(0);
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`portal ready on http://localhost:${config.port} (database: ${db.kind})`);
} catch (error) {
  app.log.error(error);
  await db.close();
  process.exit(1);
}
