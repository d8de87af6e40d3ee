import { describe, expect, it } from 'vitest';
import { backoffDelay, classifyAnswer } from './backoff.ts';

describe('outbox backoff', () => {
  // The doubling step each attempt waits at most, from 1 s to the 5-minute cap.
  const steps: [attempts: number, step: number][] = [
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [9, 256_000],
    [10, 300_000],
    [40, 300_000],
  ];

  it.each(steps)('after %i attempts waits between half of %i ms and all of it', (attempts, step) => {
    const waits = Array.from({ length: 200 }, () => backoffDelay(attempts));
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(step / 2);
      expect(wait).toBeLessThanOrEqual(step);
    }
    // Random, so phones that queued together do not retry together.
    expect(new Set(waits).size).toBeGreaterThan(10);
  });

  it.each(steps)('after %i attempts reaches both ends of its range (%i ms)', (attempts, step) => {
    expect(backoffDelay(attempts, () => 0)).toBe(step);
    expect(backoffDelay(attempts, () => 0.999_999)).toBe(Math.round(step * (1 - 0.5 * 0.999_999)));
  });
});

describe('classifying an answer', () => {
  it.each([
    [undefined, undefined, 'retry'],
    [500, { Message_en: 'x' }, 'retry'],
    [503, '', 'retry'],
    [429, {}, 'retry'],
    [408, {}, 'retry'],
    [200, '<html>captive portal</html>', 'retry'],
    [201, { reference: '' }, 'retry'],
    [201, { reference: 'ACC-2019-000001' }, 'sent'],
    [401, {}, 'needs-sign-in'],
    [400, { Message_en: 'Please write the subject' }, 'refused'],
    [413, { Message_en: 'too large' }, 'refused'],
  ] as const)('%s %j → %s', (status, body, kind) => {
    expect(classifyAnswer(status, body, (answer) => answer.reference).kind).toBe(kind);
  });

  it('reads the case number of a sent case', () => {
    expect(classifyAnswer(201, { case_number: 'HDC-2019-000001' }, (answer) => answer.case_number)).toEqual({ kind: 'sent', receipt: 'HDC-2019-000001' });
  });
});
