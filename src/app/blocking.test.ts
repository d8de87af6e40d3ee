import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage.ts';

const START = Date.parse('2026-11-22T09:00:00Z');
const THREE_MINUTES = 180_000;

/** The app as it starts (or reloads in the same tab): a fresh module over the tab's session storage. */
async function startApp() {
  vi.resetModules();
  return (await import('./blocking.ts')).blocking;
}

describe('the blocking screens (429 wait, 500 "Connection Lost!")', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.useFakeTimers({ now: START, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows nothing at first', async () => {
    expect((await startApp()).get()).toEqual({ kind: 'none' });
  });

  it('waits three minutes after a 429, and a second 429 during the wait does not extend it', async () => {
    const blocking = await startApp();
    blocking.rateLimited();
    expect(blocking.get()).toEqual({ kind: 'rate-limited', until: START + THREE_MINUTES });
    vi.setSystemTime(START + 60_000);
    blocking.rateLimited();
    expect(blocking.get()).toEqual({ kind: 'rate-limited', until: START + THREE_MINUTES });
  });

  it("waits what the server's Retry-After says, and 3 minutes when it says nothing usable", async () => {
    const { waitSeconds } = await import('./blocking.ts');
    expect(waitSeconds('587')).toBe(587);
    expect(waitSeconds(42)).toBe(42);
    for (const unusable of [null, undefined, '', '0', '-5', '1.5', 'Wed, 21 Oct 2026 07:28:00 GMT', '999999']) {
      expect(waitSeconds(unusable), String(unusable)).toBe(180);
    }
    const blocking = await startApp();
    blocking.rateLimited(waitSeconds('587'));
    expect(blocking.get()).toEqual({ kind: 'rate-limited', until: START + 587_000 });
  });

  it('keeps the wait across a reload, so reloading does not skip it', async () => {
    (await startApp()).rateLimited();
    vi.setSystemTime(START + 60_000);
    expect((await startApp()).get()).toEqual({ kind: 'rate-limited', until: START + THREE_MINUTES });
  });

  it('shows nothing after a reload once the wait is over', async () => {
    (await startApp()).rateLimited();
    vi.setSystemTime(START + THREE_MINUTES + 1);
    expect((await startApp()).get()).toEqual({ kind: 'none' });
  });

  it('ends the wait on clear, for this page and the next reload', async () => {
    const blocking = await startApp();
    blocking.rateLimited();
    blocking.clear();
    expect(blocking.get()).toEqual({ kind: 'none' });
    expect((await startApp()).get()).toEqual({ kind: 'none' });
  });

  it('shows "Connection Lost!" after a 500, without a wait to keep across a reload', async () => {
    const blocking = await startApp();
    blocking.serverError();
    expect(blocking.get()).toEqual({ kind: 'server-error' });
    expect((await startApp()).get()).toEqual({ kind: 'none' });
  });

  it('tells the screens of every change until they stop listening', async () => {
    const blocking = await startApp();
    const seen: string[] = [];
    const stop = blocking.subscribe(() => seen.push(blocking.get().kind));
    blocking.serverError();
    blocking.clear();
    blocking.rateLimited();
    stop();
    blocking.clear();
    expect(seen).toEqual(['server-error', 'none', 'rate-limited']);
  });
});
