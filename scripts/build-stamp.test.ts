import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, writeStamp } from './build-stamp.ts';

describe('is the build current (npm start builds only when not)', () => {
  let root: string;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  /** A checkout with sources and a finished build of them. */
  const builtCheckout = () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stamp-'));
    write('src/main.tsx', 'render(<App />);');
    write('locales/am/messages.po', 'msgid "Home"\nmsgstr "መነሻ"\n');
    write('index.html', '<div id="root"></div>');
    write('dist/index.html', '<div id="root"></div><script src="/assets/index-1.js"></script>');
    writeStamp(root);
  };
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is current right after a build, and when only modification times changed', () => {
    builtCheckout();
    expect(buildIsCurrent(root)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src/main.tsx'), later, later);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it.each([
    ['src/main.tsx', 'render(<App strict />);'],
    ['locales/am/messages.po', 'msgid "Home"\nmsgstr "ዋና ገጽ"\n'],
    ['index.html', '<div id="app"></div>'],
    ['public/logo.svg', '<svg/>'],
  ])('is stale once %s changed or was added', (file, content) => {
    builtCheckout();
    write(file, content);
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is stale without a build or without its stamp (a build that stopped half way)', () => {
    builtCheckout();
    fs.rmSync(path.join(root, 'dist/.build-stamp'));
    expect(buildIsCurrent(root)).toBe(false);
    writeStamp(root);
    fs.rmSync(path.join(root, 'dist/index.html'));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
