/**
 * The one anonymisation of issue 28, used by the customer's closing of their account and by
 * the retention sweep. server/privacy is exempt from the table boundaries (as server/seed is):
 * an erasure must reach every table, by the law (Proclamation No. 1321/2024), not through views.
 */
import type { Queryable } from '../db/database.ts';
import { pseudonymOf } from './pseudonym.ts';

/** The statuses a case is finished in; any other is open (and blocks closing the account). */
export const CLOSED_CASE_STATUSES = ['verified', 'rejected', 'archived', 'withdrawn'] as const;

/** The two append-only logs: the scan leaves them to privacy_pseudonymise_logs (migration 039). */
const KEPT_LOGS = new Set(['audit_entry', 'accusation_history']);
/**
 * Rows keyed by the very text searched for: the attempt counters (keyed by an e-mail or a phone)
 * and the numbers that sent STOP. Their rows go: rewritten, an e-mail's and a phone's counters
 * would become one key, and the row says nothing once the person is gone.
 */
const DELETED_WHEN_FOUND = new Set(['guess_attempt', 'sms_stop']);
/** Shorter strings are not searched for: they would match other people's words. */
const SHORTEST_NEEDLE = 6;

interface Person {
  id: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string | null;
  phone: string;
  house_phone_number: string;
  picture: string | null;
  closed_at: Date | null;
}

/**
 * What the erasure searches for: the exact e-mail, phone numbers (as stored, +251…, and as
 * typed at home, 09…) and full name (with and without the middle name), any case.
 */
export function needlesOf(person: Pick<Person, 'firstname' | 'middlename' | 'lastname' | 'email' | 'phone' | 'house_phone_number'>): string[] {
  const phones = [person.phone, person.house_phone_number].flatMap((phone) => (phone.startsWith('+251') ? [phone, `0${phone.slice(4)}`] : [phone]));
  const names = [[person.firstname, person.middlename, person.lastname], [person.firstname, person.lastname]].map((parts) =>
    parts.map((part) => part.trim()).filter(Boolean).join(' '),
  );
  const needles = [person.email ?? '', ...phones, ...names].map((needle) => needle.trim()).filter((needle) => needle.length >= SHORTEST_NEEDLE);
  // Longest first: a full name is replaced before the shorter one it contains.
  return [...new Set(needles)].sort((a, b) => b.length - a.length);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A needle as a PostgreSQL regular expression that matches it whole: not inside a longer
 * e-mail, number or word (abebe@x.test is not erased from mabebe@x.test, nor +251911000222
 * from +2519110002221). ASCII punctuation is escaped; letters of any script stand for themselves.
 */
export function wholeMatch(needle: string): string {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  return `(?<![[:alnum:]._%+-])${escaped}(?![[:alnum:]_@-]|\\.[[:alnum:]])`;
}

/**
 * Replaces each needle by the pseudonym in every text, varchar and JSON column of every table
 * of the portal's schema (read from information_schema at each run, so a table a later
 * migration adds is searched too), and in the free text of the two append-only logs, whose
 * actors stay. Returns how many rows changed.
 */
export async function erasureScan(tx: Queryable, needles: string[], pseudonym: string): Promise<number> {
  if (needles.length === 0) return 0;
  const columns = await tx.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json') AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.column_name`,
  );
  // Whole matches only, in any case; in JSON a needle is written escaped.
  const literal = needles.map(wholeMatch);
  const inJson = needles.map((needle) => wholeMatch(JSON.stringify(needle).slice(1, -1)));
  // One statement (one scan) per table: every text column of a matching row is rewritten.
  const tables = new Map<string, { column: string; json: string | undefined }[]>();
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    if (KEPT_LOGS.has(table)) continue;
    tables.set(table, [...(tables.get(table) ?? []), { column, json: type === 'jsonb' || type === 'json' ? type : undefined }]);
  }
  let changed = 0;
  for (const [table, textColumns] of tables) {
    // The parameters this table's statement uses: the needles as its columns hold them (literal,
    // as JSON writes them), and the pseudonym when it rewrites rather than deletes.
    const params: string[] = [];
    const placeholder = new Map<string, string>();
    const at = (value: string) => {
      if (!placeholder.has(value)) placeholder.set(value, `$${params.push(value)}`);
      return placeholder.get(value)!;
    };
    const sets: string[] = [];
    const matches: string[] = [];
    const deletes = DELETED_WHEN_FOUND.has(table);
    for (const { column, json } of textColumns) {
      const value = json ? `${quoteIdent(column)}::text` : quoteIdent(column);
      const patterns = json ? inJson : literal;
      matches.push(...patterns.map((pattern) => `${value} ~* ${at(pattern)}`));
      if (deletes) continue;
      const replaced = patterns.reduce((text, pattern) => `regexp_replace(${text}, ${at(pattern)}, ${at(pseudonym)}, 'gi')`, value);
      sets.push(`${quoteIdent(column)} = ${json ? `(${replaced})::${json}` : replaced}`);
    }
    const change = deletes ? `DELETE FROM ${quoteIdent(table)}` : `UPDATE ${quoteIdent(table)} SET ${sets.join(', ')}`;
    const [row] = await tx.query<{ n: number }>(
      `WITH changed AS (${change} WHERE ${matches.join(' OR ')} RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
      params,
    );
    changed += Number(row?.n ?? 0);
  }
  const [logs] = await tx.query<{ n: number }>('SELECT privacy_pseudonymise_logs($1::text[], $2) AS n', [needles, pseudonym]);
  return changed + Number(logs?.n ?? 0);
}

/**
 * Erases an account's personal fields at once: name (the pseudonym instead), e-mail, phones,
 * address, picture, password; its sessions end and its codes, resets, Telegram link, notice
 * choices and notices go; then the erasure scan. The caller holds the transaction and removes
 * the returned picture file after it commits. Undefined when there is no such open account.
 */
export async function anonymiseAccount(tx: Queryable, customerId: string, at: Date): Promise<{ pseudonym: string; picture: string | null } | undefined> {
  const [person] = await tx.query<Person>(
    `SELECT id, firstname, middlename, lastname, email, phone, house_phone_number, picture, closed_at
       FROM customer_user WHERE id = $1 FOR UPDATE`,
    [customerId],
  );
  if (!person || person.closed_at) return undefined;
  const pseudonym = pseudonymOf(customerId);
  for (const table of ['customer_otp', 'password_reset', 'telegram_chat', 'customer_notice_choice', 'notification_job']) {
    await tx.query(`DELETE FROM ${table} WHERE customer_id = $1`, [customerId]);
  }
  await tx.query(
    `UPDATE customer_user
        SET firstname = $2, middlename = '', lastname = '', email = NULL, phone = '', house_phone_number = '',
            subcity = '', woreda = '', house_number = '', picture = NULL, password_hash = '', status = 'inactive',
            email_verified_at = NULL, phone_verified_at = NULL, sessions_valid_after = $3, closed_at = $3
      WHERE id = $1`,
    [customerId, pseudonym, at],
  );
  await erasureScan(tx, needlesOf(person), pseudonym);
  return { pseudonym, picture: person.picture };
}

/** The files of a case: the customer's attachment, the response letter, the answers' files, the reviews' letters. */
async function caseFiles(tx: Queryable, caseId: string): Promise<string[]> {
  const rows = await tx.query<{ name: string | null }>(
    `SELECT attachment AS name FROM customer_case WHERE id = $1
     UNION ALL SELECT response_attachment FROM customer_case WHERE id = $1
     UNION ALL SELECT answer_attachment FROM information_request WHERE case_id = $1
     UNION ALL SELECT letter FROM case_review WHERE case_id = $1`,
    [caseId],
  );
  return rows.map((row) => row.name).filter((name): name is string => Boolean(name));
}

/**
 * Retention of one closed case: its answers, remark, notes, the customer's answers and
 * reasons, its rating comment and its files go; its number, request, states, dates, staff and
 * decision stay for the corporation's figures. Returns the files to remove once committed.
 */
export async function anonymiseCase(tx: Queryable, caseId: string, at: Date): Promise<string[]> {
  const files = await caseFiles(tx, caseId);
  await tx.query('DELETE FROM case_answer WHERE case_id = $1', [caseId]);
  await tx.query(
    `UPDATE customer_case SET remark = '', attachment = NULL, response_attachment = NULL, idempotency_key = NULL, anonymised_at = $2 WHERE id = $1`,
    [caseId, at],
  );
  await tx.query('UPDATE case_history SET note = NULL WHERE case_id = $1 AND note IS NOT NULL', [caseId]);
  // Their CHECKs want some text: a dash says something was written and is gone.
  await tx.query(
    `UPDATE information_request SET message = '—', answer_text = CASE WHEN answer_text IS NULL THEN NULL ELSE '—' END, answer_attachment = NULL WHERE case_id = $1`,
    [caseId],
  );
  await tx.query(`UPDATE case_review SET reason = '—', letter = NULL WHERE case_id = $1`, [caseId]);
  await tx.query('UPDATE case_rating SET comment = NULL WHERE case_id = $1', [caseId]);
  return files;
}
