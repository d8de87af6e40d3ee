import { spawnSync } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillWithMigratedPglite } from '../helpers/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the server as operators do and returns how it ended. `migrated`: its DATA_DIR holds a
 * migrated database already, for a start that gets as far as listening (creating one: seconds).
 */
async function start(env: NodeJS.ProcessEnv, migrated = false) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-refused-'));
  try {
    if (migrated) await fillWithMigratedPglite(path.join(dataDir, 'db'));
    const run = spawnSync(process.execPath, ['server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '18931', HOST: '127.0.0.1', STATIC_DIR: '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: run.status, stderr: run.stderr.trim() };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a start the portal refuses', () => {
  it('says why in one line and exits 1: a setting it reads, and one it can only try', async () => {
    const shortSecret = await start({ TOKEN_SECRET: 'short' });
    expect(shortSecret).toEqual({ status: 1, stderr: 'The portal could not start: TOKEN_SECRET must be at least 32 characters (got 5); leave it unset on the embedded database to have one made' });

    // On PostgreSQL the signing key must come from outside the database (no connection is tried).
    const noSecret = await start({ DATABASE_URL: 'postgres://portal@127.0.0.1:9/portal' });
    expect(noSecret.status).toBe(1);
    expect(noSecret.stderr).toMatch(/^The portal could not start: TOKEN_SECRET must be set when DATABASE_URL is: make one with `openssl rand -base64 48`/);
    expect(noSecret.stderr.split('\n')).toHaveLength(1);

    // The metrics port is taken: found only when the server tries to listen on it.
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const busy = await start({ METRICS_PORT: String((taken.address() as net.AddressInfo).port) }, true);
      expect(busy.status).toBe(1);
      expect(busy.stderr.split('\n')).toHaveLength(1);
      expect(busy.stderr).toMatch(/^The portal could not start: .*EADDRINUSE/);
    } finally {
      taken.close();
    }
  }, 120_000);
});
