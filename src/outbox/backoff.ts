/** SPEC-free but standard (STYLE.md 9): from 1 s, doubling, capped at 5 minutes. */
export const BACKOFF_START_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/**
 * Up to half of each wait is random: when a district's connection returns, the
 * phones that queued during the outage do not all retry in the same second.
 */
export const BACKOFF_JITTER = 0.5;

/** The wait before the next attempt: the doubling step, less a random part of up to half of it. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (1 - BACKOFF_JITTER * random()));
}

export type SendOutcome =
  | { kind: 'sent'; receipt: string }
  | { kind: 'retry' }
  | { kind: 'needs-sign-in' }
  | { kind: 'refused'; body: unknown };

/**
 * What an answer means for a queued item. A captive portal answers 200 with a web page,
 * so only a 2xx with the receipt we expect counts as sent (DESIGN.md).
 */
export function classifyAnswer(status: number | undefined, body: unknown, receiptOf: (body: Record<string, unknown>) => unknown): SendOutcome {
  if (status === undefined || status === 408 || status === 429 || status >= 500) return { kind: 'retry' };
  if (status >= 200 && status < 300) {
    const receipt = typeof body === 'object' && body !== null ? receiptOf(body as Record<string, unknown>) : undefined;
    return typeof receipt === 'string' && receipt ? { kind: 'sent', receipt } : { kind: 'retry' };
  }
  if (status === 401) return { kind: 'needs-sign-in' };
  return { kind: 'refused', body };
}
