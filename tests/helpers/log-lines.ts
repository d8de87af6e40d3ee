import { Writable } from 'node:stream';
import type { Json } from './expect-api.ts';

/**
 * The pino lines a test server writes, parsed, for tests that check what was logged and how
 * often: `startTestServer(database, { logger })`; `text()` is every line, for a grep.
 */
export function logLines(level = 'info') {
  const lines: Json[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level, stream }, text: () => lines.map((line) => JSON.stringify(line)).join('\n') };
}
