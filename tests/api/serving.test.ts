import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk, type Json } from '../helpers/expect-api.ts';
import { builtApp } from '../helpers/built-app.ts';
import { decoded, rawRequest, type RawResponse } from '../helpers/raw-http.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';

const databases = await testDatabases();
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENCODINGS = [
  { accept: 'br, gzip', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: '', expected: undefined },
] as const;

const onDisk = (dist: string, file: string) => fs.readFileSync(path.join(dist, file));
const varies = (response: RawResponse) => String(response.headers.vary ?? '').toLowerCase();

// The serving tests' server, one per database, each on a built app of its own; the HSTS test is an instance on its database.
const dists: string[] = [];
afterAll(() => dists.forEach((dist) => fs.rmSync(dist, { recursive: true, force: true })));
const shared = fileServer(() => {
  const dist = builtApp();
  dists.push(dist);
  return { staticDir: dist };
});

describe.each(databases)('serving on $name', (database) => {
  let server: TestServer;
  let dist: string;
  const get = (url: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${url}`, { headers });

  beforeAll(async () => {
    server = await shared(database);
    dist = server.config.staticDir;
  });

  describe('the app files go compressed at build time, chosen by Accept-Encoding', () => {
    const files = [
      { url: '/assets/index-Ab12Cd34.js', file: 'assets/index-Ab12Cd34.js', type: /javascript/, cache: IMMUTABLE },
      { url: '/assets/index-Ef56Gh78.css', file: 'assets/index-Ef56Gh78.css', type: /text\/css/, cache: IMMUTABLE },
      { url: '/assets/pdf.worker.min-Ij90Kl12.mjs', file: 'assets/pdf.worker.min-Ij90Kl12.mjs', type: /javascript/, cache: IMMUTABLE },
      { url: '/sw.js', file: 'sw.js', type: /javascript/, cache: 'no-cache' },
      { url: '/manifest.webmanifest', file: 'manifest.webmanifest', type: /manifest\+json/, cache: 'no-cache' },
      { url: '/logo.svg', file: 'logo.svg', type: /^image\/svg\+xml/, cache: 'no-cache' },
      // The shell, at / and as the fallback of every page path.
      { url: '/', file: 'index.html', type: /^text\/html/, cache: 'no-cache' },
      { url: '/dashboard/casestatus', file: 'index.html', type: /^text\/html/, cache: 'no-cache' },
    ];
    for (const { url, file, type, cache } of files) {
      for (const { accept, expected } of ENCODINGS) {
        it(`${url} with Accept-Encoding "${accept}" → ${expected ?? 'as it is'}`, async () => {
          const response = await get(url, accept ? { 'accept-encoding': accept } : {});
          expect(response.status).toBe(200);
          expect(response.headers['content-encoding']).toBe(expected);
          expect(response.headers['content-type']).toMatch(type);
          expect(varies(response)).toContain('accept-encoding');
          expect(response.headers['cache-control']).toBe(cache);
          expect(decoded(response).equals(onDisk(dist, file))).toBe(true);
          if (expected) expect(response.body.equals(onDisk(dist, `${file}.${expected === 'br' ? 'br' : 'gz'}`))).toBe(true);
        });
      }
    }

    it('the favicon is the corporation logo, an SVG in its green', async () => {
      const response = await get('/logo.svg');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body.toString()).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(response.body.toString()).toContain('#0b5d3b');
    });

    it('fonts, pictures and PDFs are compressed already and go as they are', async () => {
      for (const file of ['assets/noto-sans-latin-400-normal-Mn34Op56.woff2', 'icons/icon-192.png', 'manual/customer-manual-en.pdf']) {
        expect(fs.existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
        const response = await get(`/${file}`, { 'accept-encoding': 'br, gzip' });
        expect(response.status, file).toBe(200);
        expect(response.headers['content-encoding'], file).toBeUndefined();
        expect(response.body.equals(onDisk(dist, file)), file).toBe(true);
      }
    });

    it('the compressed copies are not paths of their own', async () => {
      const response = await get('/assets/index-Ab12Cd34.js.br');
      expect(response.status).toBe(404);
    });
  });

  describe("a page's shell preloads that page's own chunks (issue 13)", () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    const shell = () => onDisk(dist, 'index.html').toString();

    it('the status check: its chunk just before </head>, the same shell otherwise, in every encoding', async () => {
      const expected = shell().replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/checkstatus-Qr12St34.js"></head>');
      for (const { accept, expected: encoding } of ENCODINGS) {
        const response = await get('/checkstatus?casenum=HDC-2026-000001', accept ? { 'accept-encoding': accept } : {});
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(varies(response)).toContain('accept-encoding');
        expect(decoded(response).toString()).toBe(expected);
      }
    });

    it("a page under a layout gets the layout's chunk first, then its own; the layout alone gets only its own", async () => {
      expect(preloads(decoded(await get('/staff/cases/0b6f4c1e', { 'accept-encoding': 'br' })).toString())).toEqual([
        '/assets/staff-Uv56Wx78.js',
        '/assets/staff.cases._id-Yz90Ab12.js',
        '/assets/details-list-Cd34Ef56.js',
      ]);
      expect(preloads(decoded(await get('/staff/people')).toString())).toEqual(['/assets/staff-Uv56Wx78.js']);
    });

    it('a page no route lists gets the shell as built', async () => {
      for (const url of ['/register', '/checkstatus/extra', '/nothing/here']) {
        const response = await get(url, { 'accept-encoding': 'br' });
        expect(response.status, url).toBe(200);
        expect(response.body.equals(onDisk(dist, 'index.html.br')), url).toBe(true);
      }
    });

    it('revalidates by ETag: the same page again is a 304 without a body', async () => {
      const first = await get('/checkstatus');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get('/checkstatus', { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect((await get('/checkstatus', { 'if-none-match': '"another"' })).status).toBe(200);
    });
  });

  describe('API answers are compressed above 1 KB', () => {
    it('a long JSON answer goes as brotli or gzip, the same JSON once decoded', async () => {
      const plain = await get('/division_api/get_all_divisions');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await get('/division_api/get_all_divisions', { 'accept-encoding': encoding });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(varies(response)).toContain('accept-encoding');
        expect(response.body.length).toBeLessThan(plain.body.length / 2);
        expect(JSON.parse(decoded(response).toString())).toEqual(JSON.parse(plain.body.toString()));
      }
    });

    it('a short answer is not worth it and goes as it is', async () => {
      const response = await get('/healthz', { 'accept-encoding': 'br, gzip' });
      expect(response.status).toBe(200);
      expect(response.body.length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(response.body.toString())).toEqual({ status: 'ok' });
    });
  });

  describe('security headers on every answer', () => {
    let token: string;
    let printName: string;
    beforeAll(async () => {
      const login = await fetch(`${server.url}/customer_user_api/login_customer_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_CUSTOMER),
      });
      token = (await expectOk(login)).token;
      const list: Json = await expectOk(await fetch(`${server.url}/customer_case_api/get_case?page=1`, { headers: { authorization: `Bearer ${token}` } }));
      const print: Json = await expectOk(await fetch(`${server.url}/customer_case_api/print_case/${list.cases[0]._id}`, { headers: { authorization: `Bearer ${token}` } }));
      printName = print.file;
    });

    const expectDataHeaders = (response: RawResponse) => {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(response.headers['referrer-policy']).toBe('same-origin');
    };

    it('on a JSON 200, a 404 and a 400', async () => {
      const ok = await get('/division_api/get_all_divisions');
      expect(ok.status).toBe(200);
      expectDataHeaders(ok);
      const missing = await get('/customer_case_api/no_such_call');
      expect(missing.status).toBe(404);
      expectDataHeaders(missing);
      const malformed = await get('/division_api/get_division/not-an-id');
      expect(malformed.status).toBe(400);
      expectDataHeaders(malformed);
    });

    it('on a printed case PDF, which streams as it is', async () => {
      const response = await get(`/media/CaseFiles/${printName}`, { 'accept-encoding': 'br, gzip' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.subarray(0, 5).toString()).toBe('%PDF-');
      expectDataHeaders(response);
    });

    it("the app's pages keep the app's policy, framed only by the portal itself", async () => {
      const response = await get('/dashboard');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    });

    it('no HSTS over plain http, even when a client claims https without a trusted proxy', async () => {
      expect((await get('/healthz')).headers['strict-transport-security']).toBeUndefined();
      expect((await get('/healthz', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
    });

    it('signed-in answers and the status check are never kept by a cache', async () => {
      const signedIn = await get('/customer_case_api/get_case?page=1', { authorization: `Bearer ${token}` });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      const list: Json = JSON.parse(signedIn.body.toString());
      const lookup = await rawRequest(`${server.url}/customer_case_api/get_case_by_casenum`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ casenum: list.cases[0].case_number }),
      });
      expect(lookup.status).toBe(200);
      expect(lookup.headers['cache-control']).toBe('private, no-store');
      // Public reference data stays cacheable.
      expect((await get('/division_api/get_all_divisions')).headers['cache-control']).toBeUndefined();
    });
  });
});

describe('HSTS behind a trusted TLS proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(databases[0], { sameDatabaseAs: await shared(databases[0]), trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => server?.close());

  it('is sent when the proxy says the request came over https, and only then', async () => {
    const overTls = await rawRequest(`${server.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await rawRequest(`${server.url}/healthz`);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
