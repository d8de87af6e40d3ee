import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, on one-line files the linter is told live at a
 * path: each boundary is reported as an error where it should be, and the imports the
 * architecture allows pass.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function reports(rule: string, file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages
    .filter((message) => message.ruleId === rule)
    .map((message) => ({ severity: message.severity === 2 ? 'error' : 'warning', message: message.message }));
}
const boundaryReports = (file: string, source: string) => reports('boundaries/dependencies', file, source);

const ERROR = 'error';

describe('import boundaries', () => {
  it.each([
    ['src/features/cases/x.ts', "import '../accounts/api.ts';", ERROR, 'A feature never imports another feature'],
    ['src/features/staff/x.tsx', "import '../accounts/login-page.tsx';", ERROR, 'A feature never imports another feature'],
    // The staff areas are features too, each of its own (src/staff-areas.json).
    ['src/features/casework/x.tsx', "import '../archive/api.ts';", ERROR, 'A feature never imports another feature'],
    ['src/features/archive/x.tsx', "import '../casework/api.ts';", ERROR, 'A feature never imports another feature'],
    ['src/features/cases/x.tsx', "import '../administration/api.ts';", ERROR, 'A feature never imports another feature'],
    // The staff's shared UI is theirs alone: its texts are in the staff catalog.
    ['src/features/cases/x.tsx', "import '../../ui/staff/pager.tsx';", ERROR, 'ui/staff is for the staff areas'],
    ['src/ui/x.tsx', "import './staff/pager.tsx';", ERROR, 'ui/staff is for the staff areas'],
    ['src/ui/staff/x.tsx', "import '../../features/casework/api.ts';", ERROR, 'import none'],
    ['src/ui/x.ts', "import '../features/cases/api.ts';", ERROR, 'import none'],
    ['src/app/x.ts', "import '../features/accounts/api.ts';", ERROR, 'import none'],
    ['src/outbox/x.ts', "import '../routes/login.tsx';", ERROR, 'import none'],
    ['src/i18n/x.ts', "import '../features/cases/api.ts';", ERROR, 'import none'],
    ['src/features/cases/x.ts', "import '../../routes/login.tsx';", ERROR, 'Routes import features'],
    ['src/features/cases/x.ts', "import '../../../server/cases/store.ts';", ERROR, 'only server/contract'],
    ['src/app/x.ts', "import '../../server/config.ts';", ERROR, 'only server/contract'],
    ['src/features/cases/x.ts', "import { Case } from '../../../server/contract/cases.ts'; export const c = Case;", ERROR, 'only types'],
    ['src/app/x.ts', "import { calls } from '../../server/contract/calls.ts'; export const c = calls;", ERROR, 'only types'],
    ['server/cases/x.ts', "import '../accounts/store.ts';", ERROR, "another feature's store"],
    ['server/seed/x.ts', "import '../staff/store.ts';", ERROR, "another feature's store"],
    ['server/cases/routes.ts', "import './store.ts';", ERROR, 'routes → service → store → db'],
    ['server/cases/case-request-routes.ts', "import './case-request-store.ts';", ERROR, 'routes → service → store → db'],
    ['server/cases/routes.ts', "import '../db/database.ts';", ERROR, 'routes → service → store → db'],
    ['server/cases/service.ts', "import './routes.ts';", ERROR, 'routes → service → store → db'],
    ['server/cases/store.ts', "import './service.ts';", ERROR, 'routes → service → store → db'],
    ['server/db/x.ts', "import '../cases/store.ts';", ERROR, 'server/db knows no feature'],
    ['server/db/x.ts', "import type { ReadinessCheck } from '../health/readiness.ts'; export type R = ReadinessCheck;", ERROR, 'server/db knows no feature'],
    ['server/contract/x.ts', "import '../cases/service.ts';", ERROR, 'imports nothing else of the server'],
    ['server/cases/x.ts', "import '../../src/app/http.ts';", ERROR, 'never imports the app'],
  ])('%s: %s → %s', async (file, source, severity, words) => {
    const reports = await boundaryReports(file, source);
    expect(reports).toHaveLength(1);
    expect(reports[0].severity).toBe(severity);
    expect(reports[0].message).toContain(words);
  });

  it.each([
    ['src/features/cases/x.ts', "import './api.ts';"],
    ['src/features/cases/x.ts', "import '../../ui/toast.tsx'; import '../../app/http.ts'; import '../../outbox/outbox.ts';"],
    ['src/features/cases/x.ts', "import type { Case } from '../../../server/contract/cases.ts'; export type C = Case;"],
    // The contract's paths are plain data the typed client (src/app/http.ts) builds its calls from.
    ['src/app/x.ts', "import { endpoints } from '../../server/contract/endpoints.ts'; export const e = endpoints;"],
    ['src/routes/x.tsx', "import '../features/cases/api.ts'; import '../features/accounts/api.ts';"],
    ['src/routes/x.tsx', "import '../features/casework/api.ts'; import '../features/archive/api.ts';"],
    ['src/features/casework/x.tsx', "import '../../ui/staff/pager.tsx'; import '../../app/staff-cases.ts';"],
    ['src/ui/staff/x.tsx', "import '../toast.tsx'; import '../../app/staff-cases.ts';"],
    ['src/outbox/x.ts', "import '../ui/toast.tsx'; import '../app/session.ts';"],
    ['server/cases/routes.ts', "import './service.ts'; import '../contract/cases.ts'; import '../errors/api-error.ts';"],
    ['server/cases/service.ts', "import './store.ts'; import './case-request-store.ts';"],
    ['server/cases/store.ts', "import '../db/database.ts'; import '../numbering/year-sequence.ts';"],
    ['server/health/database.ts', "import '../db/migrate.ts';"],
    // The values both sides need (language codes, the 10 MB limit, the UUID pattern).
    ['src/routes/x.tsx', "import { UUID } from '../../server/contract/constants.ts'; export const u = UUID;"],
    ['server/cases/x.ts', "import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts'; export const a = ATTACHMENT_MAX_BYTES;"],
  ])('%s: %s passes', async (file, source) => {
    expect(await boundaryReports(file, source)).toEqual([]);
  });

  it.each([
    ['server/contract/constants.ts', "import { Type } from 'typebox'; export const T = Type;"],
    ['server/contract/endpoints.ts', "import type { Id } from './common.ts'; export type I = Id;"],
  ])('%s stays plain data: %s is refused', async (file, source) => {
    expect(await reports('no-restricted-imports', file, source)).toEqual([
      { severity: ERROR, message: expect.stringContaining('plain data, no imports') },
    ]);
  });

  it('reports the server\'s other rules as errors too, so `npm run lint` fails on them', async () => {
    const [result] = await eslint.lintText('let unused = 1;', { filePath: path.join(ROOT, 'server/cases/x.ts') });
    expect(result.messages.map((message) => [message.ruleId, message.severity])).toEqual([
      ['prefer-const', 2],
      ['@typescript-eslint/no-unused-vars', 2],
    ]);
  });
});
