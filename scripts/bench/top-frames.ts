/**
 * Reads a V8 CPU profile (`node --cpu-prof`, as `BENCH_CPU_PROF=1 npm run bench` writes
 * to .bench/profiles) and prints where the time went: the functions with the most self
 * time, and the portal's own files by total (inclusive) time.
 * Usage: node scripts/bench/top-frames.ts <file.cpuprofile> [rows]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 25);
const profile: Profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const label = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules\/|work\/main\/)/, '')}:${lineNumber + 1}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
for (const sample of profile.samples) {
  const node = byId.get(sample)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  // Each portal frame on the stack once, however deep the recursion.
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id)!;
    if (/\/(server|scripts)\//.test(frame.callFrame.url) && !frame.callFrame.url.includes('node_modules')) seen.add(label(frame));
  }
  for (const key of seen) total.set(key, (total.get(key) ?? 0) + 1);
}

const share = (count: number) => `${((count / profile.samples.length) * 100).toFixed(1).padStart(5)} %`;
const print = (title: string, counts: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`  ${share(count)}  ${key}`);
};
print(`Self time (${profile.samples.length} samples)`, self);
print('The portal\'s own functions, total time', total);
