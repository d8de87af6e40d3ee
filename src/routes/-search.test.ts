import { describe, expect, it } from 'vitest';
import { QUEUE_VIEWS } from '../../server/contract/constants.ts';
import { oneOf, outboxSearch, pageParam, sortParam, textParam } from './-search.ts';

describe('search parameters', () => {
  it.each([
    [2, 2],
    ['3', 3],
    [1, 1],
    [0, undefined],
    [-1, undefined],
    [1.5, undefined],
    ['two', undefined],
    [undefined, undefined],
    [null, undefined],
  ])('page %j → %j', (value, page) => {
    expect(pageParam(value)).toBe(page);
  });

  it.each([
    ['mine', 'mine'],
    ['due_soon', 'due_soon'],
    ['everything', undefined],
    ['MINE', undefined],
    [1, undefined],
    [undefined, undefined],
  ])('queue view %j → %j', (value, view) => {
    expect(oneOf(QUEUE_VIEWS, value)).toBe(view);
  });

  it.each([
    [1, 1],
    ['1', 1],
    [-1, -1],
    ['-1', -1],
    [0, undefined],
    [2, undefined],
    ['newest', undefined],
    [undefined, undefined],
  ])('sort %j → %j', (value, sort) => {
    expect(sortParam(value)).toBe(sort);
  });

  it.each([
    ['Abebe', 'Abebe'],
    // The router has already made "0911223344" a number; the filter wants the digits as typed.
    [911223344, '911223344'],
    [0, '0'],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('filter text %j → %j', (value, text) => {
    expect(textParam(value)).toBe(text);
  });

  it.each([
    [{ outbox: '0b1d2c3e-aaaa-4bbb-8ccc-123456789abc' }, { outbox: '0b1d2c3e-aaaa-4bbb-8ccc-123456789abc' }],
    [{ outbox: 42 }, {}],
    [{ other: 'x' }, {}],
  ])('outbox %j → %j', (search, result) => {
    expect(outboxSearch(search)).toEqual(result);
  });
});
