import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage.ts';

/**
 * The app's HTTP client over a fake fetch: what it sends, what it gives back, and what it
 * does with refusals, timeouts and aborts (over ky; these are the parts of its behaviour
 * the app relies on).
 */

// A logout forgets the customer's drafts in IndexedDB, which Node has not.
vi.mock('../outbox/drafts.ts', () => ({ drafts: { forgetCustomers: async () => {} } }));

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

let sent: Sent[];

class SiteRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'https://portal.test') : input, init);
  }
}
let answer: (request: Sent, signal: AbortSignal) => Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

/** A token the session can read (its signature is the server's business). */
const token = (id: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ id })).replace(/=+$/, '')}.c2ln`;

/** The client as the app starts it: fresh modules over an empty session storage. */
async function start() {
  vi.resetModules();
  const http = await import('./http.ts');
  const { session } = await import('./session.ts');
  const { blocking } = await import('./blocking.ts');
  const { i18n } = await import('@lingui/core');
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return { ...http, session, blocking };
}

describe('the HTTP client (src/app/http.ts)', () => {
  beforeEach(() => {
    sent = [];
    answer = async () => json(200, { ok: true });
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    // A browser resolves the site-relative paths against the page's address; Node's Request has none.
    vi.stubGlobal('Request', SiteRequest);
    vi.stubGlobal('fetch', async (input: Request, init: RequestInit = {}) => {
      const address = new URL(input.url);
      const request = {
        url: `${address.pathname}${address.search}`,
        method: input.method,
        headers: input.headers,
        body: input.body ? await input.text() : undefined,
      };
      sent.push(request);
      return answer(request, init.signal ?? input.signal);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends a call to its contract path with the reader's language and reads the JSON answer", async () => {
    const { api } = await start();
    answer = async () => json(200, { divisions: [1, 2] });
    await expect(api('getDivision', { params: { id: 'a b/c' } })).resolves.toEqual({ divisions: [1, 2] });
    expect(sent[0]).toMatchObject({ url: '/division_api/get_division/a%20b%2Fc', method: 'GET', body: undefined });
    expect(sent[0].headers.get('accept-language')).toBe('en');
    expect(sent[0].headers.get('accept')).toBe('application/json');
    expect(sent[0].headers.get('authorization')).toBeNull();
  });

  it('sends JSON bodies as JSON and the query as search parameters, leaving out undefined ones', async () => {
    const { http } = await start();
    await http('x/y', { method: 'POST', json: { casenum: 'HDC-1' }, searchParams: { page: 2, sort: -1, status: undefined, open: true } });
    expect(sent[0].url).toBe('/x/y?page=2&sort=-1&open=true');
    expect(sent[0].body).toBe('{"casenum":"HDC-1"}');
    expect(sent[0].headers.get('content-type')).toBe('application/json');
  });

  it("adds the customer's token to a customer's call, and a 401 there ends the session", async () => {
    const { api, session } = await start();
    session.start(token('c1'));
    answer = async () => json(401, { code: 'sessionInvalid', Message_en: 'Session ended' });
    await expect(api('getCaseSummary')).rejects.toMatchObject({ name: 'HTTPError', data: { code: 'sessionInvalid' } });
    expect(sent[0].headers.get('authorization')).toBe(`Bearer ${token('c1')}`);
    expect(session.get()).toBeUndefined();
  });

  it('turns a refusal into an HTTPError with its status and parsed body, which refusalBody reads', async () => {
    const { api, httpStatus, refusalBody, HTTPError } = await start();
    answer = async () => json(404, { code: 'caseNotFound', Message_en: 'No such case' });
    const error = await api('checkCaseStatus', { json: { casenum: 'X' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect(httpStatus(error)).toBe(404);
    expect(refusalBody(error)).toEqual({ code: 'caseNotFound', Message_en: 'No such case' });
  });

  it('gives a refusal without a JSON body no refusal body, only its status', async () => {
    const { http, httpStatus, refusalBody } = await start();
    answer = async () => new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } });
    const error = await http('x', { method: 'GET' }).catch((e: unknown) => e);
    expect(httpStatus(error)).toBe(502);
    expect(refusalBody(error)).toBeUndefined();
  });

  it('shows the wait screen for its Retry-After on a 429 and "Connection Lost!" on a 500, and the caller still gets the error', async () => {
    const { http, blocking, isRateLimited } = await start();
    answer = async () => json(429, {}, { 'retry-after': '42' });
    const limited = await http('x', { method: 'GET' }).catch((e: unknown) => e);
    expect(isRateLimited(limited)).toBe(true);
    expect(blocking.get()).toEqual({ kind: 'rate-limited', until: expect.any(Number) });
    expect((blocking.get() as { until: number }).until - Date.now()).toBeGreaterThan(40_000);
    blocking.clear();
    answer = async () => json(500, {});
    await expect(http('x', { method: 'GET' })).rejects.toMatchObject({ name: 'HTTPError' });
    expect(blocking.get()).toEqual({ kind: 'server-error' });
  });

  it('gives up after 30 s with an error that has no status (so queries may try again)', async () => {
    vi.useFakeTimers();
    const { http, httpStatus } = await start();
    let aborted = false;
    answer = (_request, signal) =>
      new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        }),
      );
    const call = http('slow', { method: 'GET' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(aborted).toBe(true);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(httpStatus(error)).toBeUndefined();
  });

  it("passes the caller's abort on to fetch (a query that is no longer wanted)", async () => {
    const { http } = await start();
    // As fetch does: an abort before or during the call rejects it with the abort's reason.
    answer = (_request, signal) =>
      new Promise((_resolve, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    const controller = new AbortController();
    const call = http('x', { method: 'GET', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('unwanted', 'AbortError'));
    expect(await call).toMatchObject({ name: 'AbortError', message: 'unwanted' });
  });

  it("runs an extended client's hooks after the base client's (the staff token, the staff 401)", async () => {
    const { http } = await start();
    const seen: number[] = [];
    const staff = http.extend({
      beforeRequest: (headers) => headers.set('Authorization', 'Bearer staff'),
      afterResponse: (response) => void seen.push(response.status),
    });
    answer = async () => json(401, { code: 'unauthorized' });
    await expect(staff('x', { method: 'GET' })).rejects.toMatchObject({ name: 'HTTPError' });
    expect(sent[0].headers.get('authorization')).toBe('Bearer staff');
    expect(sent[0].headers.get('accept-language')).toBe('en');
    expect(seen).toEqual([401]);
  });
});
