import { describe, expect, it } from 'vitest';
import { formatReference, nextLetterNumber, nextReference } from './year-sequence.ts';
import type { Queryable } from '../db/database.ts';

describe('year-sequence references', () => {
  it('pads the sequence to six digits', () => {
    expect(formatReference('HDC', 2019, 7)).toBe('HDC-2019-000007');
    expect(formatReference('ACC', 2019, 123456)).toBe('ACC-2019-123456');
  });

  it("counts each sequence in its own table, by the Ethiopian year of the filing's moment", async () => {
    const asked: { sql: string; params?: unknown[] }[] = [];
    const tx: Queryable = {
      async query<Row>(sql: string, params?: unknown[]) {
        asked.push({ sql, params });
        return [{ last: 42 }] as Row[];
      },
    };
    // 11 September 2026 00:00 in Addis Ababa starts Ethiopian year 2019.
    expect(await nextReference(tx, 'caseNumber', 'HDC', new Date('2026-09-10T21:00:00Z'))).toBe('HDC-2019-000042');
    expect(await nextReference(tx, 'accusationReference', 'ACC', new Date('2026-09-10T20:59:59Z'))).toBe('ACC-2018-000042');
    expect(asked.map(({ sql, params }) => [sql.match(/INSERT INTO (\w+)/)?.[1], params])).toEqual([
      ['case_number_sequence', [2019]],
      ['accusation_sequence', [2018]],
    ]);
  });

  it('numbers response letters PREFIX/YEAR/N, unpadded, from their own counter', async () => {
    const asked: string[] = [];
    const tx: Queryable = {
      async query<Row>(sql: string) {
        asked.push(sql.match(/INSERT INTO (\w+)/)?.[1] ?? '');
        return [{ last: 7 }] as Row[];
      },
    };
    expect(await nextLetterNumber(tx, 'HDC', new Date('2026-09-10T21:00:00Z'))).toBe('HDC/2019/7');
    expect(asked).toEqual(['letter_number_sequence']);
  });
});
