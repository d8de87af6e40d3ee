import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RELATIONS } from '../../server/db/ownership.ts';

/**
 * Issue 11: "no feature reads another feature's tables". Every SQL text in server/<feature>
 * may read and write that feature's own tables and views, and read (never write) the
 * views other features mark public in server/db/ownership.ts. server/seed writes every
 * table on purpose (the demo rows) and server/db is the infrastructure: both are exempt.
 * So is server/privacy (issue 28): an erasure must reach every table's rows as they are stored;
 * and server/my-data: a person's export must hold every row about them as it is stored.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const MIGRATIONS = path.join(SERVER, 'db/migrations');
const EXEMPT = new Set(['seed', 'db', 'privacy', 'my-data']);

/** The tables and views the migrations leave, each with whether it is a view. */
function relationsOfMigrations(): Map<string, 'table' | 'view'> {
  const relations = new Map<string, 'table' | 'view'>();
  for (const file of fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql')).sort()) {
    const sql = fs.readFileSync(path.join(MIGRATIONS, file), 'utf8').replace(/--.*$/gm, '');
    for (const [, verb, kind, name] of sql.matchAll(/\b(create(?:\s+or\s+replace)?|drop)\s+(table|view)\s+(?:if\s+(?:not\s+)?exists\s+)?(\w+)/gi)) {
      if (verb.toLowerCase() === 'drop') relations.delete(name.toLowerCase());
      else relations.set(name.toLowerCase(), kind.toLowerCase() as 'table' | 'view');
    }
  }
  return relations;
}
const MIGRATED = relationsOfMigrations();

/**
 * The text of every string and template literal of a TypeScript source: the SQL lives
 * there, and comments do not count. An interpolation becomes "?", so `FROM ${table}` names
 * no table (the shared year-sequence allocator picks its counter that way).
 */
function literalTexts(source: string): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? '));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true));
  return texts;
}

interface Access {
  relation: string;
  write: boolean;
}

/**
 * The relations an SQL text reads (after FROM and JOIN) and writes (after INSERT INTO,
 * UPDATE and DELETE FROM). Only names the migrations create count: the word after FROM
 * or JOIN may also be a CTE (`FROM total`), LATERAL, a set-returning function
 * (`FROM unnest(…)`) or a column (`extract(epoch FROM window_ends)`), and none of those
 * is a table, so a list of real relations is simpler and stricter than parsing them away.
 */
function accesses(sql: string): Access[] {
  const found: Access[] = [];
  for (const [, keyword, name] of sql.matchAll(/\b(delete\s+from|insert\s+into|update|from|join)\s+"?(\w+)"?/gi)) {
    const relation = name.toLowerCase();
    if (!MIGRATED.has(relation)) continue;
    found.push({ relation, write: !/^(from|join)$/i.test(keyword) });
  }
  return found;
}

/** What a file of `feature` does to data that is not its own: one line per access. */
function violations(feature: string, source: string): string[] {
  return literalTexts(source).flatMap((text) =>
    accesses(text).flatMap(({ relation, write }) => {
      const ownership = RELATIONS[relation];
      if (!ownership) return [`${relation} has no owner in server/db/ownership.ts`];
      if (ownership.owner === feature || ownership.sharedWith?.includes(feature)) return [];
      if (write) return [`writes ${relation} of ${ownership.owner}`];
      if (ownership.public) return [];
      return [`reads ${relation} of ${ownership.owner}; read one of its public views`];
    }),
  );
}

/** server/<feature>/…/*.ts, tests beside the code left out. */
function* featureSources(): Generator<{ feature: string; file: string }> {
  for (const entry of fs.readdirSync(SERVER, { withFileTypes: true })) {
    if (!entry.isDirectory() || EXEMPT.has(entry.name)) continue;
    for (const file of fs.readdirSync(path.join(SERVER, entry.name), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.ts') && !file.endsWith('.test.ts')) yield { feature: entry.name, file: path.join(SERVER, entry.name, file) };
    }
  }
}

describe('the SQL scanner', () => {
  it.each<[string, string, Access[]]>([
    ['a plain read', 'SELECT 1 FROM customer_user WHERE id = $1', [{ relation: 'customer_user', write: false }]],
    [
      'joins, a CTE and LATERAL',
      `WITH total AS (SELECT count(*) FROM customer_case c JOIN customer_contact u ON u.id = c.customer_id)
       SELECT * FROM total LEFT JOIN LATERAL (SELECT 1 FROM case_request r) shown ON true`,
      [
        { relation: 'customer_case', write: false },
        { relation: 'customer_contact', write: false },
        { relation: 'case_request', write: false },
      ],
    ],
    [
      'a column after FROM inside extract()',
      'SELECT extract(epoch FROM window_ends - now()) AS seconds FROM guess_attempt WHERE key = $1',
      [{ relation: 'guess_attempt', write: false }],
    ],
    [
      'a write fed by a function',
      'INSERT INTO case_answer (case_id) SELECT $1 FROM unnest($2::uuid[]) AS t (question_id)',
      [{ relation: 'case_answer', write: true }],
    ],
    [
      'an upsert and a delete',
      'INSERT INTO guess_attempt (key) VALUES ($1) ON CONFLICT (key) DO UPDATE SET attempts = 1; DELETE FROM revoked_token',
      [
        { relation: 'guess_attempt', write: true },
        { relation: 'revoked_token', write: true },
      ],
    ],
    ['an update', 'UPDATE Staff_User SET status = $2', [{ relation: 'staff_user', write: true }]],
  ])('finds the relations of %s', (_, sql, expected) => {
    expect(accesses(sql)).toEqual(expected);
  });

  it('reads only string and template literals: comments and interpolated names are no SQL', () => {
    const source = [
      '// the status comes from customer_user',
      'const table = "accusation_sequence";',
      'db.query(`INSERT INTO ${table} (year) VALUES ($1)`);',
      "db.query(`SELECT ${COLUMNS} FROM customer_case c JOIN staff_user s ON s.id = c.responded_by_id WHERE c.id = $1`);",
    ].join('\n');
    expect(literalTexts(source).flatMap(accesses)).toEqual([
      { relation: 'customer_case', write: false },
      { relation: 'staff_user', write: false },
    ]);
  });

  it("reports another feature's table, and a write to its public view", () => {
    expect(violations('ratings', "db.query('SELECT status FROM customer_case WHERE id = $1')")).toEqual([
      'reads customer_case of cases; read one of its public views',
    ]);
    expect(violations('ratings', "db.query('SELECT status FROM case_owner WHERE id = $1')")).toEqual([]);
    expect(violations('cases', "db.query('UPDATE customer_contact SET phone = $2 WHERE id = $1')")).toEqual([
      'writes customer_contact of accounts',
    ]);
    expect(violations('accounts', "db.query('UPDATE customer_user SET phone = $2 WHERE id = $1')")).toEqual([]);
  });

  it('lets the areas a table is shared with work on it as stored, and nobody else', () => {
    expect(violations('casework', "db.query('UPDATE customer_case SET status = $2 WHERE id = $1')")).toEqual([]);
    expect(violations('ratings', "db.query('UPDATE customer_case SET status = $2 WHERE id = $1')")).toEqual(['writes customer_case of cases']);
  });
});

describe('no feature reads another feature\'s tables', () => {
  it('every server/<feature> file reads others only through their public views, and writes only its own', () => {
    const found: string[] = [];
    let withSql = 0;
    for (const { feature, file } of featureSources()) {
      const source = fs.readFileSync(file, 'utf8');
      if (literalTexts(source).some((text) => accesses(text).length > 0)) withSql += 1;
      found.push(...violations(feature, source).map((line) => `${path.relative(ROOT, file)}: ${line}`));
    }
    expect(found).toEqual([]);
    // The scan saw the stores (accounts, accusations, auth, cases, divisions, files, ratings, staff …).
    expect(withSql).toBeGreaterThanOrEqual(10);
  });

  it('every table and view of the migrations has an owner, and the map names only what they create', () => {
    expect([...MIGRATED.keys()].filter((name) => !RELATIONS[name])).toEqual([]);
    expect(Object.keys(RELATIONS).filter((name) => !MIGRATED.has(name))).toEqual([]);
  });

  it('every owner and every area a table is shared with is a folder of server/', () => {
    const folders = new Set(fs.readdirSync(SERVER, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    const named = Object.values(RELATIONS).flatMap(({ owner, sharedWith = [] }) => [owner, ...sharedWith]);
    expect([...new Set(named)].filter((name) => !folders.has(name))).toEqual([]);
  });

  it('only views are public: a table is never another feature\'s read interface', () => {
    const publicTables = Object.entries(RELATIONS).filter(([name, { public: open }]) => open && MIGRATED.get(name) !== 'view');
    expect(publicTables).toEqual([]);
  });
});
