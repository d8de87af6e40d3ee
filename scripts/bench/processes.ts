/**
 * The bench's processes: a server (the portal or the bare one) as its own Node process,
 * and autocannon as another, so neither shares an event loop with what it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface Server {
  base: string;
  pid: number;
  /** Resident memory now, in MB (VmRSS of the server process). */
  residentMb(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The portal's first start after a migration may fill in a million cases (014's due_at) first.
const READY_WITHIN_MS = 15 * 60_000;

async function waitUntilReady(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM'); // not left running (and holding the data) after the bench gives up
  throw new Error(`the server did not get ready in ${READY_WITHIN_MS / 60_000} minutes:\n${output()}`);
}

/** Starts `node <script>` with env (plus PORT) and waits until GET /readyz answers 200. */
export async function startServer(script: string, env: Record<string, string>, nodeOptions: string[] = []): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(base, child, () => output);
  return {
    base,
    pid: child.pid!,
    residentMb() {
      const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Math.round(Number(kb) / 1024);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (output.trim()) console.log(output.trim().split('\n').slice(-5).map((line) => `    server: ${line}`).join('\n'));
    },
  };
}

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  body?: object;
  token?: string;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Runs autocannon in its own process: `connections` for `seconds`, or a steady `rate` req/s overall. */
export async function load(target: Load, seconds: number, options: { connections: number; rate?: number }): Promise<Figures> {
  const args = [path.join(root, 'node_modules/autocannon/autocannon.js'), '--json', '-c', String(options.connections), '-d', String(seconds)];
  if (options.rate) args.push('-R', String(options.rate));
  if (target.method === 'POST') args.push('-m', 'POST');
  if (target.body) args.push('-H', 'content-type=application/json', '-b', JSON.stringify(target.body));
  if (target.token) args.push('-H', `authorization=Bearer ${target.token}`);
  args.push(target.url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon failed (${code}): ${err}`);
  const result = JSON.parse(out);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}
