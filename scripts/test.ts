/**
 * `npm test`, in two lanes side by side (the machine the suite must fit has two cores, and
 * one Vitest process gives all its projects one worker there):
 *   browser lane: the build, the e2e project (one Chromium at a time), then the unit and
 *                 screens projects (short: they even the lanes out);
 *   check lane:   ESLint and the typechecks, then the API project (the longest).
 * Arguments go to both Vitest runs (`npm test -- --reporter=json --outputFile.json=x.json`);
 * a JSON report asked for is written once, merged from the two. At the end it prints how
 * long each step took, so a slow change shows where it costs. Any failure fails the run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  command: string[];
}

// Every Node process of the run (Vitest's workers, the portals and commands the tests start)
// keeps the V8 code of the modules it compiles here and reuses what another one compiled:
// a started portal loads its modules in about half the time. Keyed by file content and Node
// version, so a changed file is compiled afresh.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'portal-node-compile-cache');

const times: [string, number][] = [];
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** Runs a command with npm's PATH (node_modules/.bin first), its output passed through; resolves with its exit code. */
function run({ name, command: [program, ...args] }: Step): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      times.push([name, Date.now() - started]);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs the steps one after another, each whatever the one before did; resolves with whether all passed. */
async function lane(steps: Step[]): Promise<boolean> {
  let passed = true;
  for (const step of steps) {
    const code = await run(step);
    if (code !== 0) console.error(`\nnpm test: ${step.name} failed (exit ${code})`);
    passed &&= code === 0;
  }
  return passed;
}

const JSON_OUTPUT = '--outputFile.json=';
const args = process.argv.slice(2);
const jsonReport = args.find((arg) => arg.startsWith(JSON_OUTPUT))?.slice(JSON_OUTPUT.length);
const shared = args.filter((arg) => !arg.startsWith(JSON_OUTPUT));
// The usual output stays unless reporters are named; the group times come from a reporter of ours.
if (!shared.some((arg) => arg.startsWith('--reporter'))) shared.push('--reporter=default');
shared.push('--reporter=./tests/helpers/group-times.ts');
const vitest = (name: string, projects: string[], part: string): Step => ({
  name,
  command: ['vitest', 'run', ...projects.flatMap((project) => ['--project', project]), ...shared, ...(jsonReport ? [`${JSON_OUTPUT}${jsonReport}.${part}`] : [])],
});

// The Vitest runs that write a part of the JSON report.
const PARTS = ['e2e', 'fast', 'api'];
const started = Date.now();
const [browser, check] = await Promise.all([
  lane([
    { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
    vitest('vitest e2e', ['e2e'], 'e2e'),
    vitest('vitest unit, screens', ['unit', 'screens'], 'fast'),
  ]),
  lane([
    { name: 'eslint', command: ['eslint', '.'] },
    { name: 'typecheck app', command: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
    // The tests' project checks every server file with the server's options (it extends them,
    // adding the DOM for the browser tests), so the server's own check would repeat it; `npm run
    // typecheck` still runs all four.
    { name: 'typecheck server, tests', command: ['tsc', '-p', 'tests/tsconfig.json', '--noEmit'] },
    { name: 'typecheck sw', command: ['tsc', '-p', 'sw/tsconfig.json', '--noEmit'] },
    vitest('vitest api', ['api'], 'api'),
  ]),
]);

if (jsonReport) {
  // One report, as a single run writes it: .ci/run counts the browser tests from it.
  const parts = PARTS.flatMap((part) => {
    const file = `${jsonReport}.${part}`;
    if (!fs.existsSync(file)) return [];
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.rmSync(file);
    return [report];
  });
  const sum = (key: string) => parts.reduce((total, report) => total + (report[key] ?? 0), 0);
  const counts = ['numTotalTestSuites', 'numPassedTestSuites', 'numFailedTestSuites', 'numPendingTestSuites', 'numTotalTests', 'numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'];
  fs.writeFileSync(jsonReport, JSON.stringify({
    ...parts[0],
    ...Object.fromEntries(counts.map((key) => [key, sum(key)])),
    startTime: Math.min(...parts.map((report) => report.startTime)),
    success: parts.length === PARTS.length && parts.every((report) => report.success),
    testResults: parts.flatMap((report) => report.testResults),
  }));
}

console.log('\nnpm test, wall-clock time of each step (two lanes side by side):');
for (const [name, ms] of times) console.log(`  ${name.padEnd(28)} ${clock(ms)}`);
console.log(`  ${'whole run'.padEnd(28)} ${clock(Date.now() - started)}`);
process.exit(browser && check ? 0 : 1);
