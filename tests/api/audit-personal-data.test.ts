import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/audit/audit-log.ts';
import { testDatabases } from '../helpers/databases.ts';
import type { Json } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const databases = await testDatabases();
const MIGRATION = path.resolve(import.meta.dirname, '../../server/db/migrations/020_audit_keeps_no_personal_data.sql');

/**
 * Issue 23: the audit log never copies personal data. Entries an earlier version wrote with
 * staff names, e-mails and case notes lose those fields in migration 020; ids, codes and
 * non-personal fields stay, and the table still refuses every later change.
 */
describe.each(databases)('audit entries written before, on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  it('keep their ids and codes, and lose names, e-mails and notes', async () => {
    const at = new Date('2026-11-01T08:00:00Z');
    await server.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorId: null, actorRole: 'admin', action: 'save_staff', subjectType: 'staff', subjectId: 'old-staff', at,
        before: { email: 'hana@old.test', firstname: 'Hana', middlename: '', lastname: 'Girma', role: 'officer', status: 'active' },
        after: { email: 'hana@new.test', firstname: 'Hana', middlename: '', lastname: 'Girmaye', role: 'manager', status: 'active' },
      });
      await recordAudit(tx, {
        actorId: null, actorRole: 'manager', action: 'return', subjectType: 'case', subjectId: 'old-case', at,
        before: { status: 'responded' }, after: { status: 'ongoing', note: 'Call Almaz on 0911 000 000' },
      });
    });
    // The migration, as an upgrade runs it on such a table.
    const statements = fs.readFileSync(MIGRATION, 'utf8').split(/;\s*$/m).map((sql) => sql.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
    await server.db.transaction(async (tx) => {
      for (const sql of statements) await tx.query(sql);
    });
    const rows = await server.db.query<Json>(`SELECT subject_id, before, after FROM audit_entry WHERE subject_id IN ('old-staff', 'old-case') ORDER BY subject_id`);
    expect(rows).toEqual([
      { subject_id: 'old-case', before: { status: 'responded' }, after: { status: 'ongoing' } },
      { subject_id: 'old-staff', before: { role: 'officer', status: 'active' }, after: { role: 'manager', status: 'active' } },
    ]);
    // And the log is append-only again.
    await expect(server.db.query(`UPDATE audit_entry SET action = 'forged' WHERE subject_id = 'old-case'`)).rejects.toThrow(/never changed or deleted/);
  });
});
