import { Writable } from 'node:stream';

/** The pino lines a test server writes, parsed, for tests that check what was logged and how often. */
export function logLines(level = 'info') {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
