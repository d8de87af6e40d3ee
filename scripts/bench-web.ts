/// <reference lib="dom" />
/**
 * `npm run bench:web`: Lighthouse 13 (performance only) with Debian's Chromium against the
 * built app served by the real server (`node server/main.ts`, compression and all), on
 * the pages of issue 13, mobile and desktop presets, each page BENCH_WEB_RUNS times
 * (default 3); it prints the median of each figure. /dashboard is audited signed in as the
 * demo customer: the token is put in session storage before the app's scripts run.
 * BENCH_WEB_PAGES and BENCH_WEB_PRESETS pick fewer (an empty BENCH_WEB_PRESETS runs no Lighthouse); BENCH_WEB_REPORTS=<folder> keeps the reports.
 * A figure printer, not a test: it prints the targets beside the figures.
 * Then (issue 27) the time to make one PDF page of a photo, with the CPU slowed 4× as on a
 * cheap phone: the accusation form's photo panel converts a 12 MP photo of a printed letter
 * (tests/helpers/page-photo.ts) BENCH_WEB_RUNS times; the page's own 'photo-pdf-page'
 * measure is read. BENCH_WEB_PHOTO=0 leaves it out.
 * Build first (`npm run build`, under the shared lock when others run e2e tests).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { DEMO_CUSTOMER } from '../server/seed/seed.ts';
import { startServer } from './bench/processes.ts';
import { pagePhoto } from '../tests/helpers/page-photo.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/checkstatus,/makeaccusation,/manual,/login,/dashboard').split(',');
const PRESETS = (process.env.BENCH_WEB_PRESETS ?? 'mobile,desktop').split(',').filter(Boolean) as Preset[];
type Preset = 'mobile' | 'desktop';
/** A folder to keep each run's Lighthouse report in (JSON), to see where the time and bytes went. */
const REPORTS = process.env.BENCH_WEB_REPORTS;
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });

interface Audit {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  kib: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
const server = await startServer('server/main.ts', {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'true',
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

async function signIn(): Promise<string> {
  const response = await fetch(`${server.base}/customer_user_api/login_customer_user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  return ((await response.json()) as { token: string }).token;
}

async function audit(page: string, preset: Preset): Promise<Audit> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const tab = await browser.newPage();
    if (page.startsWith('/dashboard')) {
      const token = await signIn();
      await tab.evaluateOnNewDocument((value: string) => sessionStorage.setItem('tID', value), token);
    }
    const flags: Flags = { onlyCategories: ['performance'], output: 'json', logLevel: 'error' };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(`${server.base}${page}`, flags, config, tab);
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
    if (REPORTS) fs.writeFileSync(path.join(REPORTS, `${preset}${page.replace(/\//g, '_')}.json`), JSON.stringify(lhr));
    await tab.close();
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
      kib: (lhr.audits['total-byte-weight'].numericValue ?? NaN) / 1024,
    };
  } finally {
    await browser.disconnect();
  }
}

/** Milliseconds of each photo-to-page conversion and the PDF's KB, with the CPU slowed 4×. */
async function photoToPdfPage(): Promise<{ ms: number[]; kb: number }> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: { width: 375, height: 812 } });
  try {
    const tab = await browser.newPage();
    await tab.evaluateOnNewDocument(() => localStorage.setItem('lan', 'En'));
    await tab.goto(`${server.base}/makeaccusation`, { waitUntil: 'networkidle0' });
    // The photo is drawn before the CPU is slowed: only the conversion is measured.
    const photo = path.join(dataDir, 'letter.jpg');
    fs.writeFileSync(photo, Buffer.from(await tab.evaluate(pagePhoto), 'base64'));
    const offer = await tab.waitForSelector('::-p-text(Take or choose photos)');
    await offer!.click();
    const input = await tab.waitForSelector('[data-testid=accusation-attachment-photos]');
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let run = 1; run <= RUNS; run++) {
      await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(photo);
      await tab.waitForSelector(`img[alt="Page ${run}"]`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const ms = await tab.evaluate(() => performance.getEntriesByName('photo-pdf-page').map((entry) => entry.duration));
    const size = await tab.$eval('[data-testid=accusation-attachment-photos-size]', (element) => element.textContent ?? '');
    await tab.close();
    return { ms, kb: Number(/(\d+) KB/.exec(size)?.[1]) / RUNS };
  } finally {
    await browser.disconnect();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  console.log(`Lighthouse ${RUNS} run(s) per page, median; mobile targets: performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05.`);
  for (const preset of PRESETS) {
    console.log(`\n${preset.padEnd(16)} perf     LCP      TBT     CLS      bytes`);
    for (const page of PAGES) {
      const runs: Audit[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(page, preset));
      const pick = (key: keyof Audit) => median(runs.map((r) => r[key]));
      const lcp = pick('lcp');
      const missed = preset === 'mobile' && (pick('performance') < 90 || lcp > 2500 || pick('tbt') > 200 || pick('cls') > 0.05);
      console.log(
        `${page.padEnd(16)} ${String(pick('performance')).padStart(4)}  ${(lcp / 1000).toFixed(2).padStart(5)} s  ${String(Math.round(pick('tbt'))).padStart(4)} ms  ${pick('cls').toFixed(3)}  ${pick('kib').toFixed(0).padStart(5)} KiB${missed ? '  (misses a target)' : ''}`,
      );
    }
  }
  if (process.env.BENCH_WEB_PHOTO !== '0') {
    const { ms, kb } = await photoToPdfPage();
    const time = median(ms);
    console.log(
      `\nPhoto to PDF page, CPU 4× slower (target ≤ 1 s, ≤ 300 KB): median ${Math.round(time)} ms of ${ms.length} (${ms.map(Math.round).join(', ')}), ${kb.toFixed(0)} KB a page${time > 1000 || kb > 300 ? '  (misses a target)' : ''}`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
