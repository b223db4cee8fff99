import { describe, expect, it } from 'vitest';
import {
  importColumnOf,
  parseImportDate,
  parseImportDays,
  parseImportFlag,
  parseImportPattern,
} from './employee-import.ts';

describe('import headers: case-insensitive, spaces and underscores equivalent', () => {
  it.each([
    ['employee number', 'employeeNumber'],
    ['Employee_Number', 'employeeNumber'],
    ['  EMPLOYEE   NUMBER ', 'employeeNumber'],
    ['\uFEFFemployee number', 'employeeNumber'],
    ['Full Name', 'fullName'],
    ['EMAIL', 'email'],
    ['start_date', 'startDate'],
    ['Line_Manager', 'lineManager'],
    ['working pattern', 'workingPattern'],
    ['opening_balance', 'openingBalance'],
    ['Invite', 'invite'],
    ['salary', null],
    ['employeenumber', null],
  ])('%j is %s', (header, column) => {
    expect(importColumnOf(header)).toBe(column);
  });
});

describe('import dates: YYYY-MM-DD or DD/MM/YYYY', () => {
  it.each([
    ['2026-03-01', '2026-03-01'],
    ['01/03/2026', '2026-03-01'],
    ['1/3/2026', '2026-03-01'],
    [' 31/12/2026 ', '2026-12-31'],
    ['29/02/2028', '2028-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['2026-13-01', null],
    ['03/01/26', null],
    ['2026/03/01', null],
    ['01-03-2026', null],
    ['', null],
    ['01/03/0999', null],
  ])('%j reads as %s', (text, iso) => {
    expect(parseImportDate(text)).toBe(iso);
  });
});

describe('import days', () => {
  it.each([
    ['28', 0, 365, 28],
    ['22.5', 0, 365, 22.5],
    ['22,5', 0, 365, 22.5],
    ['-2.5', -365, 365, -2.5],
    ['-0', -365, 365, 0],
    ['22.3', 0, 365, null],
    ['-1', 0, 365, null],
    ['366', 0, 365, null],
    ['1e2', 0, 365, null],
    ['ten', 0, 365, null],
    ['', 0, 365, null],
  ])('%j within [%d, %d] is %s', (text, min, max, days) => {
    expect(parseImportDays(text, min, max)).toBe(days);
  });
});

describe('import working patterns', () => {
  it.each([
    ['monday tuesday wednesday', ['monday', 'tuesday', 'wednesday']],
    ['Wed, Mon; tue', ['monday', 'tuesday', 'wednesday']],
    ['mon/tue|thu', ['monday', 'tuesday', 'thursday']],
    ['saturday sunday sunday', ['saturday', 'sunday']],
    ['mon funday', null],
    ['', null],
  ])('%j is %j', (text, days) => {
    expect(parseImportPattern(text)).toEqual(days);
  });
});

describe('import invite flag', () => {
  it.each([
    ['yes', true],
    ['Y', true],
    ['TRUE', true],
    ['1', true],
    ['no', false],
    ['', false],
    ['0', false],
    ['maybe', null],
  ])('%j is %s', (text, flag) => {
    expect(parseImportFlag(text)).toBe(flag);
  });
});
