import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { createScratchDatabase, startNginx, startServerProcess, type Nginx, type ScratchDatabase, type ServerProcess } from '../helpers/cluster.ts';
import { TEST_TOKEN_SECRET } from '../helpers/server.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { oversizePdf, tinyPdf } from '../helpers/pdf.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';

/**
 * The deployment the README promises: two `node server/main.ts` processes on one
 * PostgreSQL and one Redis, behind nginx. Anything one instance did must be seen by the
 * other: cases, files, logouts, case numbers and rate-limit counters.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const LOOKUP_LIMIT_MAX = 30;
const MiB = 1024 * 1024;
/** The Redis namespace of the rate-limit counters (server/app.ts). */
const RATE_LIMIT_NAMESPACE = 'portal-rate-limit-';

/**
 * A client address of this run's own (10.x.y.z), sent as X-Forwarded-For: the instances
 * trust 127.0.0.1, so they count this run under it, apart from any other test on this Redis.
 */
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The API at one base address (an instance, or nginx), as one client address. */
function client(base: string, address: string) {
  const headers = (token?: string): Record<string, string> => ({
    'x-forwarded-for': address,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const api = {
    get: (path: string, token?: string) => fetch(`${base}${path}`, { headers: headers(token) }),
    post: (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { ...headers(token), 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    apply(token: string, fields: Record<string, string>, attachment?: Buffer) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (attachment) form.append('attachment', new Blob([new Uint8Array(attachment)], { type: 'application/pdf' }), 'documents.pdf');
      return fetch(`${base}/customer_case_api/create_case`, { method: 'POST', headers: headers(token), body: form });
    },
    async login(email: string, password: string): Promise<string> {
      return (await expectOk(await api.post('/customer_user_api/login_customer_user', { email, password }))).token;
    },
  };
  return api;
}
type Client = ReturnType<typeof client>;

/** An application for the demo catalogue's "Buying a corporation house", every required question answered by its kind. */
async function houseApplication(api: Client): Promise<Record<string, string>> {
  const caseRequests: Json[] = await expectOk(await api.get('/case_list_api/get_all_case_list'));
  const questions: Json[] = await expectOk(await api.get('/questions_api/get_all_questions'));
  const buy = caseRequests.find((request) => request.case_name_en === 'Buying a corporation house')!;
  const answer = (question: Json) =>
    question.inputType === 'select' ? question.enumValues[0]._id : question.dataType === 'number' ? '3' : 'B-7/12';
  const answers = questions
    .filter((question) => question.caselist._id === buy._id && question.isRequired === 'yes')
    .map((question) => ({ [question._id]: answer(question) }));
  return { division: buy.division._id, caselist: buy._id, form: JSON.stringify(answers) };
}

/** Deletes the rate-limit counters in Redis whose keys match these patterns. */
async function forgetCounters(patterns: string[]) {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = (await Promise.all(patterns.map((pattern) => redis.keys(`${RATE_LIMIT_NAMESPACE}${pattern}`)))).flat();
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Each instance as an operator configures it for this deployment. */
const instanceEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  TOKEN_SECRET: TEST_TOKEN_SECRET,
  REDIS_URL,
  STATIC_DIR: '',
  SEED_DEMO_DATA: 'true',
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
  LOOKUP_LIMIT_MAX: String(LOOKUP_LIMIT_MAX),
});

beforeAll(() => {
  // The instances run on the Node running this test: it must strip types as Node 24 does.
  if (!process.features.typescript) throw new Error(`Node ${process.version} cannot run server/main.ts (no type stripping); run through npx`);
});

describe('two instances started at the same moment on one empty database', () => {
  let database: ScratchDatabase | undefined;
  let instances: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  });

  it('both migrate it, seed it once and answer', async () => {
    database = await createScratchDatabase('portal_two');
    // As a first deployment starts them: neither waits for the other.
    const started = await Promise.allSettled(['a', 'b'].map((name) => startServerProcess(name, instanceEnv(database!.url))));
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const [{ customers }] = await database.query<{ customers: number }>(
      'SELECT count(*)::int AS customers FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]);
    expect(customers).toBe(1);
  });
});

describe('two instances behind nginx, on one PostgreSQL and one Redis', () => {
  const address = randomAddress();
  const neighbour = randomAddress();
  const typedNumbers: string[] = [];
  const unknownCaseNumber = () => {
    const number = `HDC-1999-${String(randomInt(1_000_000)).padStart(6, '0')}`;
    typedNumbers.push(number);
    return number;
  };
  let database: ScratchDatabase;
  const instances: ServerProcess[] = [];
  let nginx: Nginx | undefined;
  let a: Client;
  let b: Client;
  let balanced: Client;
  let application: Record<string, string>;

  beforeAll(async () => {
    database = await createScratchDatabase('portal_two');
    // One after the other, so what follows does not hang on the start-up race tested above.
    for (const name of ['a', 'b']) instances.push(await startServerProcess(name, instanceEnv(database.url)));
    nginx = await startNginx(instances.map((instance) => instance.address));
    a = client(instances[0].url, address);
    b = client(instances[1].url, address);
    balanced = client(nginx.url, address);
    application = await houseApplication(balanced);
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    // Only this run's counters: its two addresses and the numbers it typed.
    await forgetCounters([...[address, neighbour].map((who) => `*${who}*`), ...typedNumbers.map((number) => `*${number}`)]);
  });

  it('balances requests round-robin over both instances', async () => {
    const upstreams = new Set<string | null>();
    for (let n = 0; n < 4; n++) {
      const response = await balanced.get('/division_api/get_all_divisions');
      expect(response.status).toBe(200);
      upstreams.add(response.headers.get('x-upstream'));
    }
    expect([...upstreams].sort()).toEqual(instances.map((instance) => instance.address).sort());
  });

  describe('a case filed with a PDF on instance A', () => {
    const pdf = tinyPdf(`Filed on A ${Date.now()}`);
    let token: string;
    let receipt: Json;

    beforeAll(async () => {
      token = await a.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      receipt = await expectOk(await a.apply(token, application, pdf), 201);
    });

    it('is read and printed on instance B', async () => {
      const detail = await expectOk(await b.get(`/customer_case_api/get_case_by_id/${receipt._id}`, token));
      expect(detail).toMatchObject({ _id: receipt._id, case_number: receipt.case_number, status: 'pending', masked: false });
      expect(detail.attachment).toMatch(/^[0-9a-f-]{36}\.pdf$/);

      const { file } = await expectOk(await b.get(`/customer_case_api/print_case/${receipt._id}`, token));
      expect(file).toMatch(new RegExp(`^print-${receipt._id}-full-`));
      // A print link made by B opens on A as well as on B: both sign with the one key.
      for (const instance of [b, a]) {
        const printed = await instance.get(`/media/CaseFiles/${file}`);
        expect(printed.status).toBe(200);
        expect(printed.headers.get('content-type')).toBe('application/pdf');
        const text = squashed((await pdfPages(new Uint8Array(await printed.arrayBuffer()))).join(''));
        expect(text).toContain(receipt.case_number);
      }
    });

    it('has its attachment downloaded byte-identical from instance B', async () => {
      const { attachment } = await expectOk(await b.get(`/customer_case_api/get_case_by_id/${receipt._id}`, token));
      const response = await b.get(`/media/CaseFiles/${attachment}`, token);
      expect(response.status, `GET /media/CaseFiles/${attachment} on B: ${response.status}`).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    });
  });

  it('passes a 10 MB attachment through nginx, and leaves the refusal of one byte more to the portal', async () => {
    const token = await balanced.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await expectOk(await balanced.apply(token, application, oversizePdf(10 * MiB - 1)), 201);
    // The portal's own 413, in six languages, not nginx's HTML page.
    await expectError(await balanced.apply(token, application, oversizePdf(10 * MiB)), 413, 'attachmentTooLarge');
  });

  it('refuses on instance B a token logged out on instance A', async () => {
    const token = await a.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await expectOk(await b.get('/customer_case_api/get_case_cust', token));
    await expectOk(await a.get('/customer_user_api/logout_customer_user', token));
    await expectError(await b.get('/customer_case_api/get_case_cust', token), 401, 'sessionInvalid');
    await expectError(await balanced.get('/customer_case_api/get_case_cust', token), 401, 'sessionInvalid');
  });

  it('gives 100 filings sent at once, alternately to A and B, 100 distinct case numbers', async () => {
    const token = await b.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, n) => (n % 2 === 0 ? a : b).apply(token, application)));
    const numbers: string[] = (await Promise.all(responses.map((response) => expectOk(response, 201)))).map((receipt) => receipt.case_number);
    expect(new Set(numbers).size).toBe(100);
    const [{ stored }] = await database.query<{ stored: number }>(
      'SELECT count(DISTINCT id)::int AS stored FROM customer_case WHERE case_number = ANY($1)', [numbers]);
    expect(stored).toBe(100);
  });

  it('counts status checks per client address over both instances through nginx: the 31st is refused, another address is not', async () => {
    const upstreams = new Set<string | null>();
    for (let n = 1; n <= LOOKUP_LIMIT_MAX; n++) {
      const response = await balanced.post('/customer_case_api/get_case_by_casenum', { casenum: unknownCaseNumber() });
      upstreams.add(response.headers.get('x-upstream'));
      await expectError(response, 404, 'caseNotFound');
    }
    expect([...upstreams].sort()).toEqual(instances.map((instance) => instance.address).sort());
    const refused = await balanced.post('/customer_case_api/get_case_by_casenum', { casenum: unknownCaseNumber() });
    await expectError(refused, 429, 'tooManyRequests');
    // Refused on both instances, so not one instance's own count.
    await expectError(await a.post('/customer_case_api/get_case_by_casenum', { casenum: unknownCaseNumber() }), 429, 'tooManyRequests');
    await expectError(await b.post('/customer_case_api/get_case_by_casenum', { casenum: unknownCaseNumber() }), 429, 'tooManyRequests');
    // The instances see the client's address nginx forwarded, not nginx's own.
    const other = client(nginx!.url, neighbour);
    await expectError(await other.post('/customer_case_api/get_case_by_casenum', { casenum: unknownCaseNumber() }), 404, 'caseNotFound');
  });
});
