import { describe, expect, it } from 'vitest';
import { leaveCostPhrase, localizeNotificationText, workingDaysPhrase } from './notification-text.ts';

const format = {
  date: (d: string) => `<${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}>`,
  range: (a: string, b: string) =>
    `<${a.slice(8, 10)}/${a.slice(5, 7)} - ${b.slice(8, 10)}/${b.slice(5, 7)}>`,
};

describe('working days phrase', () => {
  it.each([
    [1, '1 working day'],
    [0.5, '½ working day'],
    [2.5, '2.5 working days'],
    [2, '2 working days'],
    [11, '11 working days'],
    [1.04, '1 working day'],
  ])('%d -> %s', (n, text) => expect(workingDaysPhrase(n)).toBe(text));
});

describe('leave cost phrase', () => {
  const day = { startDate: '2026-11-24', endDate: '2026-11-24', workingDays: 0.5 };
  const week = { startDate: '2026-11-23', endDate: '2026-11-27' };
  it.each([
    [{ ...day, startHalfDay: true, endHalfDay: false }, '½ day, PM'],
    [{ ...day, startHalfDay: false, endHalfDay: true }, '½ day, AM'],
    [{ ...day, startHalfDay: true, endHalfDay: true }, '½ day'],
    [{ ...day, workingDays: 1, startHalfDay: false, endHalfDay: false }, '1 working day'],
    [
      { ...week, workingDays: 4.5, startHalfDay: true, endHalfDay: false },
      '4.5 working days, starts at midday',
    ],
    [
      { ...week, workingDays: 4, startHalfDay: true, endHalfDay: true },
      '4 working days, starts at midday, ends at midday',
    ],
    [{ ...week, workingDays: 5, startHalfDay: false, endHalfDay: false }, '5 working days'],
  ])('%o -> %s', (request, text) => expect(leaveCostPhrase(request)).toBe(text));
});

describe('localized notification text', () => {
  it('shows a range and a single date in the given format, never as yyyy-MM-dd', () => {
    expect(
      localizeNotificationText(
        'Alice Archer requested Annual Leave, 2026-12-30 to 2027-01-05 (4 working days).',
        format,
      ),
    ).toBe('Alice Archer requested Annual Leave, <30/12 - 05/01> (4 working days).');
    expect(localizeNotificationText('Your request for Sick Leave, 2026-12-30 was approved.', format)).toBe(
      'Your request for Sick Leave, <30/12/2026> was approved.',
    );
  });
  it('corrects texts stored before counts were pluralised, and leaves other numbers alone', () => {
    expect(localizeNotificationText('Tom requested Annual Leave, 2026-12-30 (1 working days).', format)).toBe(
      'Tom requested Annual Leave, <30/12/2026> (1 working day).',
    );
    expect(localizeNotificationText('(11 working days) (0.1 working days) WO-2026-12-300', format)).toBe(
      '(11 working days) (0.1 working days) WO-2026-12-300',
    );
  });
});
