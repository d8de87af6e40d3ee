import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('RETENTION_CASE_YEARS and RETENTION_ACCUSATION_MONTHS (issue 28)', () => {
  it('default to 10 years after a case closed and 24 months after an accusation closed', () => {
    expect(readConfig({}).retention).toEqual({ caseYears: 10, accusationMonths: 24 });
  });

  it('take whole positive numbers', () => {
    expect(readConfig({ RETENTION_CASE_YEARS: '7', RETENTION_ACCUSATION_MONTHS: '36' }).retention).toEqual({ caseYears: 7, accusationMonths: 36 });
  });

  it('are refused at start when not a positive whole number', () => {
    for (const wrong of ['0', '-1', '2.5', 'ten']) {
      expect(() => readConfig({ RETENTION_CASE_YEARS: wrong })).toThrow(`RETENTION_CASE_YEARS must be a positive integer, got "${wrong}"`);
      expect(() => readConfig({ RETENTION_ACCUSATION_MONTHS: wrong })).toThrow(`RETENTION_ACCUSATION_MONTHS must be a positive integer, got "${wrong}"`);
    }
  });
});
