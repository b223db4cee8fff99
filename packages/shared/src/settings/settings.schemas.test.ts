import { describe, expect, it } from 'vitest';
import {
  companySettingsRequestSchema,
  createUserRequestSchema,
  orderedWeekdays,
  yearEndMonth,
} from './settings.schemas.ts';

describe('yearEndMonth', () => {
  it.each([
    [1, 12],
    [2, 1],
    [4, 3],
    [12, 11],
  ])('a year starting in month %i ends in month %i', (start, end) => {
    expect(yearEndMonth(start)).toBe(end);
  });
});

describe('orderedWeekdays', () => {
  it('puts picked days in calendar order', () => {
    expect(orderedWeekdays(['sunday', 'monday', 'wednesday'])).toEqual(['monday', 'wednesday', 'sunday']);
  });
});

const valid = {
  fullTimeHoursPerDay: 7.5,
  annualHolidayDaysEntitlement: 28,
  holidayYearStartMonth: 1,
  financialYearStartMonth: 4,
  workingDaysPattern: ['monday'],
  roundRspToWholeNumbers: false,
  cloudStorageEnabled: false,
  primaryCloudProvider: 'supabase',
  cloudStorageFolderStructure: 'flat',
};

describe('companySettingsRequestSchema', () => {
  it.each([
    ['fullTimeHoursPerDay', 0.5, true],
    ['fullTimeHoursPerDay', 24, true],
    ['fullTimeHoursPerDay', 7.3, false],
    ['annualHolidayDaysEntitlement', 0, true],
    ['annualHolidayDaysEntitlement', 365, true],
    ['holidayYearStartMonth', 12, true],
    ['holidayYearStartMonth', 1.5, false],
    ['workingDaysPattern', ['monday', 'monday'], false],
    ['workingDaysPattern', ['funday'], false],
  ])('%s = %j valid: %s', (field, value, ok) => {
    expect(companySettingsRequestSchema.safeParse({ ...valid, [field]: value }).success).toBe(ok);
  });
});

describe('createUserRequestSchema', () => {
  it('normalises the email and defaults the role to operative', () => {
    const parsed = createUserRequestSchema.parse({
      fullName: ' Ann ',
      email: ' Ann@X.example ',
      password: 'secret',
    });
    expect(parsed).toEqual({
      fullName: 'Ann',
      email: 'ann@x.example',
      password: 'secret',
      role: 'operative',
    });
  });
});
