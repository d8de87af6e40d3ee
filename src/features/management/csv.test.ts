import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes only the cells that need it, doubles quotes, and ends rows with CRLF', () => {
    expect(toCsv([['Division', 'Cases'], ['Sales, Rent', 3], ['The "new" one', null], ['ዘርፍ', 0]])).toBe(
      'Division,Cases\r\n"Sales, Rent",3\r\n"The ""new"" one",\r\nዘርፍ,0\r\n',
    );
  });
});
