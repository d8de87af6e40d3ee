import { describe, expect, it } from 'vitest';
import { normaliseCaseNumber } from './case-number.ts';

describe('case number form', () => {
  it('accepts what a person types, trimmed and in any case, and nothing else', () => {
    expect(normaliseCaseNumber('  hdc-2019-000123 ')).toBe('HDC-2019-000123');
    for (const bad of ['', 'HDC', 'HDC-2019-123', 'HDC-19-000123', 'H-2019-000123', 'HDC-2019-0001234', "HDC-2019-000123' OR 1=1", 'ሀዲሲ-2019-000123']) {
      expect(normaliseCaseNumber(bad), bad).toBeUndefined();
    }
  });
});
