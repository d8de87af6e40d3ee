import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, at the end of a run, when each test project's first file started and its last
 * ended: the projects run side by side, so these spans overlap and the slowest is the run.
 */
export default class GroupTimes implements Reporter {
  private spans = new Map<string, { first: number; last: number; files: number }>();

  onTestModuleStart(module: TestModule) {
    const name = module.project.name;
    const span = this.spans.get(name) ?? { first: Date.now(), last: Date.now(), files: 0 };
    this.spans.set(name, span);
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (!span) return;
    span.last = Date.now();
    span.files += 1;
  }

  onTestRunEnd() {
    const start = Math.min(...[...this.spans.values()].map((span) => span.first));
    console.log('\nTest projects (from the run\'s start, side by side):');
    for (const [name, { first, last, files }] of [...this.spans].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`  ${name.padEnd(6)} ${files} files, ${((last - first) / 1000).toFixed(0)} s (from +${((first - start) / 1000).toFixed(0)} s to +${((last - start) / 1000).toFixed(0)} s)`);
    }
  }
}
