/**
 * Issue 13: where the main thread's time goes on a cold load, from a Chromium performance
 * trace with the CPU slowed down (4× by default, like Lighthouse's mobile preset), and the
 * same figures for several builds side by side, loaded alternately in one run so that the
 * machine's other work weighs on each build alike. A figure printer, not a test.
 *
 *   node scripts/bench/trace-web.ts                        # dist/, the usual pages
 *   TRACE_BUILDS=head=/tmp/dist-head,new=/tmp/dist-new TRACE_RUNS=5 node scripts/bench/trace-web.ts
 *
 * TRACE_PAGES (comma separated; /dashboard is signed in as the demo customer), TRACE_RUNS
 * (3), TRACE_CPU (4), TRACE_NET=slow4g to also throttle the network (150 ms, 1.6 Mbit/s),
 * TRACE_TOP=<n> to print the n functions with the most self time inside long tasks (an
 * unminified build names them: `npx vite build --minify false --outDir …`), TRACE_OUT=<folder>
 * to keep the traces (open them in Chromium's DevTools, Performance panel).
 *
 * Per page and build, the median over the runs of: FCP and LCP (from the trace), the long
 * tasks (over 50 ms) on the page's main thread — their count, their total, and their
 * blocking time after FCP (the part of each over 50 ms, Lighthouse's TBT on a real clock) —
 * and the main thread's busy time until the page settled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { startServer, type Server } from './processes.ts';

const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const CPU = Number(process.env.TRACE_CPU ?? 4);
const NET = process.env.TRACE_NET;
const TOP = Number(process.env.TRACE_TOP ?? 0);
const OUT = process.env.TRACE_OUT;
const PAGES = (process.env.TRACE_PAGES ?? '/,/checkstatus,/makeaccusation,/manual,/login,/dashboard').split(',');
const BUILDS = (process.env.TRACE_BUILDS ?? `dist=${path.resolve(import.meta.dirname, '..', '..', 'dist')}`)
  .split(',')
  .map((entry) => {
    const [label, dir] = entry.includes('=') ? entry.split('=') : [path.basename(entry), entry];
    return { label: label!, dir: path.resolve(dir!) };
  });
if (OUT) fs.mkdirSync(OUT, { recursive: true });

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every event kind has its own args
  args?: Record<string, any>;
}

interface Figures {
  fcp: number;
  lcp: number;
  longTasks: number;
  longTotal: number;
  blocking: number;
  busy: number;
  tasks: { start: number; dur: number; what: string; functions: string }[];
  functions: Map<string, number>;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The renderer main thread that ran the page: the one that started navigating to our server. */
function mainThread(events: TraceEvent[], base: string) {
  const start = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(base));
  if (start) return { pid: start.pid, tid: start.tid };
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name);
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && TASK_NAMES.has(e.name) && names.get(key) === 'CrRendererMain') busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0]!;
  const [pid, tid] = key.split(':').map(Number);
  return { pid: pid!, tid: tid! };
}

/** What a long task mostly did: its largest direct children by name (script URL, timer, parse…). */
function describe(task: TraceEvent, children: TraceEvent[]) {
  const byName = new Map<string, number>();
  for (const child of children) {
    const data = child.args?.data ?? {};
    const where = data.url ? ` ${String(data.url).replace(/^https?:\/\/[^/]+/, '')}` : data.functionName ? ` ${data.functionName}` : '';
    const name = `${child.name}${where}`;
    byName.set(name, (byName.get(name) ?? 0) + (child.dur ?? 0));
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, dur]) => `${name} ${Math.round(dur / 1000)}`)
    .join(', ') || task.name;
}

/** Self time per JS function (from the trace's CPU profile) inside the given windows. */
function functionsIn(events: TraceEvent[], pid: number, tid: number, windows: { start: number; end: number }[]) {
  const nodes = new Map<number, { name: string; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  const starts = new Map<string, number>();
  // A Profile event names the thread it samples; its chunks come from a helper thread.
  for (const e of events) if (e.name === 'Profile' && e.pid === pid && e.tid === tid) starts.set(String(e.id), e.args?.data?.startTime);
  const clocks = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !starts.has(String(e.id))) continue;
    const data = e.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame ?? {};
      const url = String(frame.url ?? '').replace(/^https?:\/\/[^/]+/, '');
      nodes.set(node.id, { name: `${frame.functionName || '(anonymous)'} ${url}:${frame.lineNumber ?? ''}`, parent: node.parent });
    }
    let clock = clocks.get(String(e.id)) ?? starts.get(String(e.id)) ?? 0;
    const ids: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    ids.forEach((node, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node });
    });
    clocks.set(String(e.id), clock);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const self = new Map<string, number>();
  for (let i = 0; i + 1 < samples.length; i++) {
    const { ts, node } = samples[i]!;
    if (!windows.some((w) => ts >= w.start && ts < w.end)) continue;
    const name = nodes.get(node)?.name ?? '?';
    if (/^\((idle|program|root)\)/.test(name)) continue;
    self.set(name, (self.get(name) ?? 0) + Math.min(samples[i + 1]!.ts - ts, 10_000));
  }
  return self;
}

function analyse(events: TraceEvent[], base: string): Figures {
  const { pid, tid } = mainThread(events, base);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid && String(e.args?.data?.documentLoaderURL ?? '').startsWith(base));
  const t0 = navigation?.ts ?? Math.min(...events.filter((e) => e.pid === pid && e.ts > 0).map((e) => e.ts));
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts >= t0);
  const lcpEvents = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid && e.ts >= t0);
  const fcp = fcpEvent ? fcpEvent.ts : NaN;
  const lcp = lcpEvents.length ? lcpEvents[lcpEvents.length - 1]!.ts : NaN;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= t0).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => TASK_NAMES.has(e.name));
  // Nested RunTasks (a nested loop) would count twice: keep the outermost.
  const top: TraceEvent[] = [];
  for (const task of tasks) {
    const last = top[top.length - 1];
    if (last && task.ts < last.ts + (last.dur ?? 0)) continue;
    top.push(task);
  }
  const long = top.filter((t) => (t.dur ?? 0) > 50_000);
  const details = long.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const children = onMain.filter((e) => e !== task && !TASK_NAMES.has(e.name) && e.ts >= task.ts && e.ts < end && e.name !== 'ThreadControllerImpl::RunTask');
    // Only the direct children: those not inside another child.
    const direct: TraceEvent[] = [];
    for (const child of children) {
      const parent = direct[direct.length - 1];
      if (parent && child.ts < parent.ts + (parent.dur ?? 0)) continue;
      direct.push(child);
    }
    const own = process.env.TRACE_TASKS ? functionsIn(events, pid, tid, [{ start: task.ts, end }]) : new Map<string, number>();
    const functions = [...own]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, us]) => `${name.replace(/\/assets\//, '')} ${Math.round(us / 1000)}`)
      .join(' | ');
    return { start: (task.ts - t0) / 1000, dur: (task.dur ?? 0) / 1000, what: describe(task, direct), functions };
  });
  return {
    fcp: (fcp - t0) / 1000,
    lcp: (lcp - t0) / 1000,
    longTasks: long.length,
    longTotal: long.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000,
    blocking: long.filter((t) => t.ts + (t.dur ?? 0) > fcp).reduce((sum, t) => sum + ((t.dur ?? 0) - 50_000), 0) / 1000,
    busy: top.reduce((sum, t) => sum + (t.dur ?? 0), 0) / 1000,
    tasks: details,
    functions: TOP ? functionsIn(events, pid, tid, long.map((t) => ({ start: t.ts, end: t.ts + (t.dur ?? 0) }))) : new Map(),
  };
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/customer_user_api/login_customer_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  return ((await response.json()) as { token: string }).token;
}

const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.cpu_profiler.hires',
].join(',');

async function trace(browser: Browser, server: Server, page: string, file?: string): Promise<Figures> {
  // A new context each time: a cold load, no cache, no service worker.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    if (page.startsWith('/dashboard')) {
      const token = await signIn(server.base);
      await context.addInitScript((value: string) => sessionStorage.setItem('tID', value), token);
    }
    // TRACE_BLOCK=<regex>: requests to leave unanswered, to see what a file costs (e.g. woff2).
    if (process.env.TRACE_BLOCK) await context.route(new RegExp(process.env.TRACE_BLOCK), (route) => route.abort());
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (NET === 'slow4g') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    }
    const chunks: string[] = [];
    cdp.on('Tracing.dataCollected', (data) => void chunks.push(...data.value.map((e) => JSON.stringify(e))));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await tab.goto(`${server.base}${page}`, { waitUntil: 'load' });
    // The app draws after its scripts and data: wait for its first contentful paint, then for quiet.
    await tab.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 60_000 });
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(3_000);
    await cdp.send('Tracing.end');
    await complete;
    const events = chunks.map((line) => JSON.parse(line) as TraceEvent);
    if (file) fs.writeFileSync(file, JSON.stringify({ traceEvents: events }));
    return analyse(events, server.base);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const servers = new Map<string, Server>();
for (const build of BUILDS) {
  servers.set(
    build.label,
    await startServer('server/main.ts', {
      HOST: '127.0.0.1',
      STATIC_DIR: build.dir,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trace-')),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
    }),
  );
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`CPU ${CPU}× slower${NET ? `, network ${NET}` : ''}, ${RUNS} runs, builds alternate; load average at start ${load()}`);
console.log('times in ms, median of the runs: FCP, LCP, long tasks (count / total / blocking after FCP), main thread busy until settled');
try {
  for (const page of PAGES) {
    const results = new Map<string, Figures[]>(BUILDS.map((b) => [b.label, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const build of BUILDS) {
        const file = OUT ? path.join(OUT, `${build.label}${page.replace(/\//g, '_')}-${run}.json`) : undefined;
        results.get(build.label)!.push(await trace(browser, servers.get(build.label)!, page, file));
      }
    }
    for (const build of BUILDS) {
      const runs = results.get(build.label)!;
      const m = (pick: (f: Figures) => number) => Math.round(median(runs.map(pick)));
      console.log(
        `${page.padEnd(16)} ${build.label.padEnd(8)} FCP ${m((f) => f.fcp)}  LCP ${m((f) => f.lcp)}  long ${m((f) => f.longTasks)} / ${m((f) => f.longTotal)} / ${m((f) => f.blocking)}  busy ${m((f) => f.busy)}` +
          `   [blocking per run: ${runs.map((f) => Math.round(f.blocking)).join(', ')}]  load ${load()}`,
      );
      if (process.env.TRACE_TASKS) for (const task of runs[0]!.tasks) console.log(`      task at ${Math.round(task.start)} ms, ${Math.round(task.dur)} ms: ${task.what}\n          ${task.functions}`);
      if (TOP) {
        const total = new Map<string, number>();
        for (const f of runs) for (const [name, us] of f.functions) total.set(name, (total.get(name) ?? 0) + us / runs.length);
        for (const [name, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`      ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers.values()) await server.stop();
}
