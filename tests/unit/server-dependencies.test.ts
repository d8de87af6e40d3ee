import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

function* serverSources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* serverSources(file);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield file;
  }
}

/** The package a bare import names: `@fastify/static` of `@fastify/static/x`, `pg` of `pg`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('npm run serve runs on an install without devDependencies', () => {
  it('the server imports only node: modules and dependencies', () => {
    const imported = new Map<string, string>();
    for (const file of serverSources(path.join(root, 'server'))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/(?:from|import\()\s*'([^'.\s][^'\s]*)'/g)) {
        if (!specifier.startsWith('node:')) imported.set(packageOf(specifier), path.relative(root, file));
      }
    }
    const outside = [...imported].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(outside).toEqual([]);
    expect(imported.size).toBeGreaterThan(5);
  });
});
