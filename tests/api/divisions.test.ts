import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectMessages, LANGS } from '../helpers/expect-api.ts';

const databases = await testDatabases();


describe.each(databases)('organisation API on $name', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.close());

  const get = (path: string) => fetch(`${server.url}${path}`);

  it('lists every division with names and descriptions in six languages', async () => {
    const response = await get('/division_api/get_all_divisions');
    expect(response.status).toBe(200);
    const divisions = await response.json();
    expect(divisions.length).toBeGreaterThanOrEqual(6);
    for (const division of divisions) {
      expect(division._id).toMatch(/^[0-9a-f-]{36}$/);
      for (const lang of LANGS) {
        expect(division[`name_${lang}`]).toBeTruthy();
        expect(division[`description_${lang}`]).toBeTruthy();
      }
      expect(['active', 'inactive']).toContain(division.status);
      expect(['yes', 'no']).toContain(division.special);
    }
    // The demo data has what the grid must hide: inactive and special divisions.
    expect(divisions.some((d: { status: string }) => d.status === 'inactive')).toBe(true);
    expect(divisions.some((d: { special: string }) => d.special === 'yes')).toBe(true);
    expect(divisions.filter((d: { status: string; special: string }) => d.status === 'active' && d.special === 'no').length).toBeGreaterThanOrEqual(4);
  });

  it('reads one division by id, as the database holds it', async () => {
    const [row] = await server.db.query<{ id: string; name_am: string }>(
      "SELECT id, name_am FROM division WHERE status = 'active' ORDER BY name_en LIMIT 1",
    );
    const response = await get(`/division_api/get_division/${row.id}`);
    expect(response.status).toBe(200);
    const division = await response.json();
    expect(division._id).toBe(row.id);
    expect(division.name_am).toBe(row.name_am);
  });

  it('answers a malformed id with 400 and a translated message, never a 500', async () => {
    for (const bad of ['abc', '1', "x'%20OR%201=1", '0000000000000000000000000000000000000']) {
      const response = await get(`/division_api/get_division/${bad}`);
      expect(response.status, bad).toBe(400);
      const body = await response.json();
      expectMessages(body);
      expect(body.code).toBe('invalidId');
    }
  });

  it('answers an unknown division with 404 and a translated message', async () => {
    const response = await get('/division_api/get_division/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    const body = await response.json();
    expectMessages(body);
    expect(body.code).toBe('divisionNotFound');
  });

  it('lists directorates with their division, active and inactive', async () => {
    const response = await get('/directorate_api/get_all_directorate');
    expect(response.status).toBe(200);
    const directorates = await response.json();
    const [{ count }] = await server.db.query<{ count: number }>('SELECT count(*) AS count FROM directorate');
    expect(directorates).toHaveLength(count);
    for (const directorate of directorates) {
      expect(directorate.division._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(directorate.name_am).toMatch(/[\u1200-\u137F]/);
    }
    expect(new Set(directorates.map((d: { status: string }) => d.status))).toEqual(new Set(['active', 'inactive']));
  });

  it('lists teams', async () => {
    const response = await get('/team_leader_api/get_all_team');
    expect(response.status).toBe(200);
    const teams = await response.json();
    expect(teams.length).toBeGreaterThanOrEqual(3);
    expect(teams[0].directorate._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(teams[0].name_en).toBeTruthy();
  });

  it('publishes the OpenAPI document made from the schemas the routes validate with', async () => {
    const response = await get('/docs/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    const division = document.paths['/division_api/get_division/{id}'].get;
    expect(division.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(division.responses['200'].content['application/json'].schema.allOf ?? division.responses['200'].content['application/json'].schema).toBeTruthy();
    expect(JSON.stringify(division.responses['400'])).toContain('Message_am');
    expect(document.paths['/customer_case_api/create_case'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(document.paths['/customer_user_api/login_customer_user'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
  });

  it('answers an unknown API path with a JSON 404 carrying Message_*', async () => {
    for (const path of ['/division_api/nope', '/unknown_api/x', '/div_rate/nothing']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/json/);
      expectMessages(await response.json());
    }
  });
});

describe.each(databases)('failures and limits on $name', (database) => {
  it('answers 429 with Retry-After: 180 and Message_* once the limit is passed', async () => {
    const server = await startTestServer(database, { rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let n = 0; n < 5; n++) {
        const response = await fetch(`${server.url}/division_api/get_all_divisions`);
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(limited!.headers.get('retry-after')).toBe('180');
      expectMessages(await limited!.json());
      // Unknown paths are limited too (a scanner cannot probe freely).
      expect((await fetch(`${server.url}/nothing_api/x`)).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('answers an unexpected failure with a generic 500, no stack trace', async () => {
    const server = await startTestServer(database);
    try {
      // The database going away mid-flight is a real unexpected failure.
      await server.db.query('DROP TABLE team');
      const response = await fetch(`${server.url}/team_leader_api/get_all_team`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/stack|\bat \w+ \(|team|relation|sql/i);
      const body = JSON.parse(text);
      expectMessages(body);
      expect(body.code).toBe('serverError');
    } finally {
      await server.close();
    }
  });
});
