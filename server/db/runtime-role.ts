/**
 * The portal's runtime role on PostgreSQL, when an operator gives the migrations an owner of
 * their own (DATABASE_OWNER_URL): the owner creates and alters the tables; the role of
 * DATABASE_URL, which the portal runs as, may read and write them but not change their
 * shape, and on the audit log may only add and read. Only a table's owner (or a superuser)
 * can TRUNCATE it or disable its triggers, so the app, or whoever takes it over, cannot erase
 * the log (migration 013's trigger already refuses UPDATE and DELETE of a row).
 */
import type { Database, Queryable } from './database.ts';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Run by the owner after every migration run, so tables a migration added are granted too. */
export async function grantRuntimeRole(owner: Database, role: string, schema: string): Promise<void> {
  const who = quoteIdent(role);
  const where = quoteIdent(schema);
  await owner.transaction(async (tx) => {
    await tx.query(`GRANT USAGE ON SCHEMA ${where} TO ${who}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${where} TO ${who}`);
    await tx.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${where} TO ${who}`);
    await tx.query(`REVOKE ALL ON ${where}.audit_entry FROM ${who}`);
    await tx.query(`GRANT SELECT, INSERT ON ${where}.audit_entry TO ${who}`);
  });
}

/** Who the connection is and where it works: the role the owner grants to. */
export async function connectionRole(db: Queryable): Promise<{ role: string; schema: string }> {
  const [row] = await db.query<{ role: string; schema: string }>('SELECT current_user AS role, current_schema() AS schema');
  return row;
}

/**
 * Whether this connection could erase the audit log: it owns the table (or is a member of
 * its owner), is a superuser, or holds TRUNCATE, UPDATE, DELETE or TRIGGER on it.
 */
export async function canEraseAuditLog(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ can: boolean }>(
    `SELECT pg_has_role(c.relowner, 'MEMBER')
         OR (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
         OR has_table_privilege(c.oid, 'TRUNCATE, UPDATE, DELETE, TRIGGER') AS can
       FROM pg_class c WHERE c.oid = 'audit_entry'::regclass`,
  );
  return row.can;
}
