import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { recordAudit } from '../../server/audit/audit-log.ts';
import { readConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { canEraseAuditLog } from '../../server/db/runtime-role.ts';
import { DEMO_LOGINS } from '../../server/seed/logins.ts';
import { openMigratedDatabase } from '../../server/start.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/cluster.ts';
import { asPostgresAdmin, testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { logLines } from '../helpers/log-lines.ts';
import { TEST_TOKEN_SECRET } from '../helpers/server.ts';

const onPostgres = (await testDatabases()).some((database) => database.name === 'postgres');

/**
 * Issue 23 (A4): with DATABASE_OWNER_URL the migrations run as the owner and the portal as a
 * role that may only add to and read the audit log, so neither the app nor whoever takes it
 * over can truncate it, change a row or switch its trigger off.
 */
describe.runIf(onPostgres)('the audit log the portal cannot erase (PostgreSQL)', () => {
  const role = `portal_app_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-audit-'));
  let scratch: ScratchDatabase;
  let db: Database;
  const config = () => {
    const runtimeUrl = scratch.url.replace('postgres://postgres@', `postgres://${role}@`);
    return readConfig({ DATABASE_URL: runtimeUrl, DATABASE_OWNER_URL: scratch.url, DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', TOKEN_SECRET: TEST_TOKEN_SECRET });
  };

  beforeAll(async () => {
    await asPostgresAdmin(`CREATE ROLE ${role} LOGIN`);
    scratch = await createScratchDatabase('portal_audit');
    // The runtime role migrates nothing: the owner does, then grants; the demo is seeded as the runtime role.
    db = await openMigratedDatabase(config());
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
    await asPostgresAdmin(`DROP ROLE IF EXISTS ${role}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the runtime role add and read entries, and nothing else', async () => {
    await db.transaction((tx) => recordAudit(tx, { actorId: null, actorRole: 'command_line', action: 'test', subjectType: 'setting', subjectId: 'x' }));
    expect(await db.query(`SELECT action FROM audit_entry WHERE action = 'test'`)).toEqual([{ action: 'test' }]);
    await expect(db.query('TRUNCATE audit_entry')).rejects.toThrow(/permission denied/);
    await expect(db.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_no_update')).rejects.toThrow(/must be owner/);
    await expect(db.query(`UPDATE audit_entry SET action = 'forged'`)).rejects.toThrow(/permission denied/);
    await expect(db.query('DELETE FROM audit_entry')).rejects.toThrow(/permission denied/);
    await expect(db.query('DROP TABLE audit_entry')).rejects.toThrow(/must be owner/);
    expect(await canEraseAuditLog(db)).toBe(false);
    // The owner could: that is who the start-up warning is about.
    const owner = new pg.Client({ connectionString: scratch.url });
    await owner.connect();
    try {
      const [row] = (await owner.query(`SELECT has_table_privilege('audit_entry', 'TRUNCATE') AS can`)).rows;
      expect(row.can).toBe(true);
    } finally {
      await owner.end();
    }
  });

  it('serves a staff move as the runtime role, its audit entry written, and warns about nothing', async () => {
    const { lines, logger } = logLines('warn');
    const app = await buildApp({ config: { ...config(), staticDir: '' }, db, logger });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { email, password } = DEMO_LOGINS.staff.officer;
      const login = await fetch(`${url}/staff_api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const auth = { authorization: `Bearer ${(await expectOk(login)).token}` };
      const [pending] = (await expectOk(await fetch(`${url}/staff_api/cases?status=pending`, { headers: auth }))).cases as Json[];
      const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0].n;
      await expectOk(await fetch(`${url}/staff_api/cases/${pending._id ?? pending.id}/take`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' }));
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0].n).toBe(before + 1);
    } finally {
      await app.close();
    }
    expect(lines.filter((line) => /audit log is not protected/.test(line.msg))).toEqual([]);
  });

  it('warns at start when the portal runs as a role that could erase it', async () => {
    const { lines, logger } = logLines('warn');
    const ownerConfig = readConfig({ DATABASE_URL: scratch.url, DATA_DIR: dataDir, TOKEN_SECRET: TEST_TOKEN_SECRET });
    const ownerDb = await openMigratedDatabase(ownerConfig);
    const app = await buildApp({ config: { ...ownerConfig, staticDir: '' }, db: ownerDb, logger });
    await app.close();
    await ownerDb.close();
    expect(lines.filter((line) => line.level === 40 && /audit log is not protected.*DATABASE_OWNER_URL/.test(line.msg))).toHaveLength(1);
  });
});
