import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Real processes for tests that run the portal as operators do: `node server/main.ts`
 * instances on one PostgreSQL, behind Debian's nginx. Each piece cleans up after itself.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const NGINX_PATH = '/usr/sbin/nginx';
/** What an instance is polled on until it answers: outside the rate limit, so polling costs no client's budget. */
const READY_PATH = '/healthz';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** A port nothing listens on right now (the OS picks it; it is released for the caller). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Sends SIGTERM, then SIGKILL if the process has not exited within `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Keeps the last part of a child's output, to say why it failed. */
function captureOutput(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

/** Polls `url` until it answers `expectedStatus`; fails early with the output if the process exits. */
async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string, what: string, expectedStatus = 200) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    const status = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then((r) => r.status, () => 0);
    if (status === expectedStatus) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} with ${expectedStatus} within ${START_TIMEOUT_MS} ms (last: ${status}):\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const readIfPresent = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

export interface ScratchDatabase {
  /** postgres://…/portal_two_<random>, for DATABASE_URL. */
  url: string;
  /** A connection of the test's own, to look at what the instances stored. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh, empty database on the local PostgreSQL, dropped (with its connections) at the end. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = POSTGRES_ADMIN_URL.replace(/\/postgres$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {}); // the drop below ends these connections
  return {
    url,
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        // FORCE: an instance killed mid-query may leave a connection behind.
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface ServerProcess {
  name: string;
  /** http://127.0.0.1:PORT */
  url: string;
  /** host:port, as nginx names it in $upstream_addr. */
  address: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node server/main.ts` as an operator starts it, with the Node running this test (Node 24
 * from node_modules, which strips the types), its own free port and its own DATA_DIR.
 * Only the variables given here reach it, so nothing of the test's environment leaks in.
 */
export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${url}${READY_PATH}`, child, output, `instance ${name}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, url, address: `127.0.0.1:${port}`, dataDir, output, stop };
}

export interface Nginx {
  /** http://127.0.0.1:PORT */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground with everything it writes in a temp folder, balancing
 * round-robin over `upstreams` (host:port). Each answer names the instance that gave it in
 * `X-Upstream`, so a test can see the balancing happen. Missing nginx fails, never skips:
 * this is the only test of the portal behind a real proxy.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  if (!fs.existsSync(NGINX_PATH)) throw new Error(`nginx is not installed at ${NGINX_PATH} (apt-get install -y nginx)`);
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  const temp = (name: string) => path.join(prefix, name);
  // As root, workers would run as nobody and could not write the temp folders (made 0700).
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  fs.writeFileSync(conf, `
daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
${user}
events { worker_connections 512; }
http {
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # A 10 MB attachment plus the form around it.
  client_max_body_size 12m;
  upstream portal {
    ${upstreams.map((upstream) => `server ${upstream};`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`);
  const child = spawn(NGINX_PATH, ['-c', conf, '-p', prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${url}${READY_PATH}`, child, () => `${output()}${readIfPresent(temp('error.log'))}`, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
