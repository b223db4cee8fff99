/** Company settings defaults: what a new company starts with. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const COMPANY_SETTINGS_DEFAULTS = {
  roundRspToWholeNumbers: false,
  cloudStorageEnabled: false,
  primaryCloudProvider: 'supabase',
  cloudStorageFolderStructure: 'company/department/date',
  fullTimeHoursPerDay: 7.5,
  annualHolidayDaysEntitlement: 28,
  holidayYearStartMonth: 1,
  holidayYearEndMonth: 12,
  financialYearStartMonth: 4,
  financialYearEndMonth: 3,
  workingDaysPattern: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as Weekday[],
  defaultRegion: 'england-and-wales',
} as const;

export const PRIMARY_CLOUD_PROVIDERS = ['supabase', 'google_drive', 'microsoft_onedrive'] as const;
export const CLOUD_FOLDER_STRUCTURES = [
  'company/department/date',
  'department/date',
  'date/department',
  'flat',
] as const;
