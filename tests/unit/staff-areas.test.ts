import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import staffAreas from '../../src/staff-areas.json' with { type: 'json' };
import { calls } from '../../server/contract/calls.ts';

/**
 * One name per staff area, the same in every layer (docs/architecture.md, "Staff areas"):
 * "where is approving a response?" is one guess. A renamed folder, contract file or tag
 * that leaves the others behind fails here.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const isFolder = (relative: string) => fs.statSync(path.join(ROOT, relative), { throwIfNoEntry: false })?.isDirectory() ?? false;
const testFiles = (kind: 'api' | 'e2e', area: string) =>
  fs.readdirSync(path.join(ROOT, 'tests', kind)).filter((file) => file === `${area}.test.ts` || file.startsWith(`${area}-`));
const tagsOf = (file: string) => [...fs.readFileSync(path.join(ROOT, 'server/contract', file), 'utf8').matchAll(/defineCalls\('([^']+)'/g)].map(([, tag]) => tag);

describe.each(staffAreas.areas)('the staff area %s', (area) => {
  it('is a client feature folder and a server folder', () => {
    expect([isFolder(`src/features/${area}`), isFolder(`server/${area}`)]).toEqual([true, true]);
  });

  it('has a contract file whose calls carry its name as their OpenAPI tag', () => {
    expect(tagsOf(`${area}-calls.ts`)).toContain(area);
    const openapi = fs.readFileSync(path.join(ROOT, 'server/docs/openapi.ts'), 'utf8');
    expect(openapi).toContain(`['${area}', `);
  });

  it('has API tests named after it', () => {
    expect(testFiles('api', area)).not.toEqual([]);
  });
});

describe('the staff areas', () => {
  it('are the only contract tags that name staff work: no call is tagged with an old name', () => {
    const tags = new Set(fs.readdirSync(path.join(ROOT, 'server/contract')).filter((file) => file.endsWith('-calls.ts')).flatMap(tagsOf));
    for (const old of ['ethics', 'accusation acceptors', 'staff-admin', 'admin']) expect(tags).not.toContain(old);
    expect(Object.keys(calls).length).toBeGreaterThan(50);
  });

  it('are named in the lint and the staff catalog from the one list', () => {
    for (const config of ['eslint.config.js', 'lingui.config.ts']) {
      expect(fs.readFileSync(path.join(ROOT, config), 'utf8')).toContain("from './src/staff-areas.json'");
    }
  });

  it('have no folder under an old name left', () => {
    for (const old of ['src/features/admin', 'src/features/staff-admin', 'server/admin', 'server/audit/audit-routes.ts']) {
      expect(fs.existsSync(path.join(ROOT, old)), old).toBe(false);
    }
  });
});
