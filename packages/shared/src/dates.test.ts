import { describe, expect, it } from 'vitest';
import { isValidIsoDate, isValidIsoMonth } from './dates.ts';

describe('isValidIsoDate', () => {
  it.each([
    ['2026-03-02', true],
    ['1900-01-01', true],
    ['2999-12-31', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    // PostgreSQL has no year 0; JavaScript accepts it.
    ['0000-01-01', false],
    ['1899-12-31', false],
    ['9999-12-31', false],
    ['275760-09-13', false],
    ['-000001-01-01', false],
    ['+002026-01-01', false],
    ['2026-1-1', false],
    ['', false],
  ])('%s -> %s', (value, valid) => {
    expect(isValidIsoDate(value)).toBe(valid);
  });
});

describe('isValidIsoMonth', () => {
  it.each([
    ['2026-11', true],
    ['0000-01', false],
    ['9999-12', false],
    ['275760-09', false],
    ['2026-13', false],
    ['2026-00', false],
  ])('%s -> %s', (value, valid) => {
    expect(isValidIsoMonth(value)).toBe(valid);
  });
});
