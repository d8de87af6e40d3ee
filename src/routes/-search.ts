import type { SortOrder } from '../features/cases/api.ts';

/**
 * The routes' search parameters, read the same way everywhere: whatever a URL holds, each
 * reader gives a valid value or none (the page's default then applies). The leading "-"
 * keeps this file out of the route tree.
 */

/** A page number: a whole number from 1. The router hands numbers over already parsed. */
export function pageParam(value: unknown): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

/** 1 oldest first, -1 newest first (SPEC section 9). */
export function sortParam(value: unknown): SortOrder | undefined {
  const sort = Number(value);
  return sort === 1 || sort === -1 ? sort : undefined;
}

/** One of a list's values (a queue's view, its order), or none. */
export const oneOf = <Value extends string>(values: readonly Value[], value: unknown): Value | undefined =>
  values.find((each) => each === value);

/** A filter's text. A phone number arrives as a number; it stays text whatever it looks like. */
export const textParam = (value: unknown) => (value != null && value !== '' ? String(value) : undefined);

/** ?outbox=<id> reopens a refused item from the outbox for editing. */
export const outboxSearch = (search: Record<string, unknown>): { outbox?: string } =>
  typeof search.outbox === 'string' ? { outbox: search.outbox } : {};
