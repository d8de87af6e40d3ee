import { afterEach, describe, expect, it, vi } from 'vitest';

// Both helpers read the environment when they load: load a fresh copy under each setting.
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

// Port 9 (discard) has nothing listening here: a PostgreSQL that does not answer.
const SILENT_POSTGRES = 'postgres://postgres@127.0.0.1:9/test';

describe('a test run that cannot prove something', () => {
  it('fails in CI when PostgreSQL does not answer, and runs PGlite only with a warning elsewhere', async () => {
    vi.stubEnv('DATABASE_URL', SILENT_POSTGRES);
    vi.stubEnv('CI', 'true');
    const inCi = await import('../helpers/databases.ts');
    await expect(inCi.testDatabases()).rejects.toThrow(`PostgreSQL did not answer at ${SILENT_POSTGRES}`);

    vi.resetModules();
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onLaptop = await import('../helpers/databases.ts');
    expect(await onLaptop.testDatabases()).toEqual([{ name: 'pglite', url: 'memory://' }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('API tests ran on PGlite only'));
    warn.mockRestore();
  });

  it('fails in CI when Chromium is missing, and skips the browser tests with a warning elsewhere', async () => {
    vi.stubEnv('CHROMIUM_PATH', '/nonexistent/chromium');
    vi.stubEnv('CI', 'true');
    await expect(import('../helpers/browser.ts')).rejects.toThrow('Browser tests cannot run in CI: no Chromium at /nonexistent/chromium');

    vi.resetModules();
    vi.stubEnv('CI', 'false');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await import('../helpers/browser.ts')).hasChromium).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('BROWSER TESTS SKIPPED'));
    warn.mockRestore();
  });
});
