/**
 * `npm test`: the lint, the four typechecks and the build, two at a time (the machine the
 * suite must fit has two cores), then every test project in one Vitest run, side by side
 * (vite.config.ts). Arguments go to Vitest (`npm test -- --reporter=json …`). At the end it
 * prints how long each group took, so a slow change shows where it costs.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
}

const PREPARE: Step[] = [
  { name: 'eslint', command: ['eslint', '.'] },
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
  { name: 'typecheck app', command: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'typecheck server', command: ['tsc', '-p', 'server/tsconfig.json', '--noEmit'] },
  { name: 'typecheck tests', command: ['tsc', '-p', 'tests/tsconfig.json', '--noEmit'] },
  { name: 'typecheck sw', command: ['tsc', '-p', 'sw/tsconfig.json', '--noEmit'] },
];
const AT_ONCE = 2;

const times: [string, number][] = [];
const seconds = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

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

async function prepare(): Promise<boolean> {
  const queue = [...PREPARE];
  let failed = false;
  const lane = async () => {
    for (let step = queue.shift(); step && !failed; step = queue.shift()) {
      if ((await run(step)) !== 0) {
        console.error(`\nnpm test: ${step.name} failed`);
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return !failed;
}

const started = Date.now();
const vitestArgs = process.argv.slice(2);
// The group times come from a reporter of ours; the usual output stays unless reporters are named.
if (!vitestArgs.some((arg) => arg.startsWith('--reporter'))) vitestArgs.push('--reporter=default');
vitestArgs.push('--reporter=./tests/helpers/group-times.ts');
const code = (await prepare()) ? await run({ name: 'vitest (every project, side by side)', command: ['vitest', 'run', ...vitestArgs] }) : 1;
console.log('\nnpm test, wall-clock time of each group:');
for (const [name, ms] of times) console.log(`  ${name.padEnd(40)} ${seconds(ms)}`);
console.log(`  ${'whole run'.padEnd(40)} ${seconds(Date.now() - started)}`);
process.exit(code);
