/** Every route of the app in one table, so links and guards never spell a path by hand. */
export const paths = {
  auth: '/auth',
  authCallback: '/auth/callback',
  resetPassword: '/auth/reset-password',
  home: '/',
  employees: '/employees',
  attendance: '/attendance',
  holidays: '/holidays',
  expenses: '/expenses',
  performance: '/performance',
  company: '/company',
  profile: '/profile',
  settings: '/settings',
  hubspot: '/hubspot',
  mobileHome: '/mobile-home',
  mobileHoliday: '/mobile-holiday',
  mobileAbsence: '/mobile-absence',
  mobileExpense: '/mobile-expense',
  mobileChat: '/mobile-chat',
  operations: '/operations',
  customerManagement: '/customer-management',
  finance: '/finance',
  hireFleetManagement: '/hire-fleet-management',
  orders: '/orders',
  hireOrders: '/hire-orders',
  createHireOrder: '/create-hire-order',
  simCardCreateOrder: '/sim-cards/create-order',
  customerSubscriptions: '/subscriptions/customers',
  simCardManagement: '/sim-card-management',
} as const;

export const slackSettingsPath = `${paths.settings}?tab=slack-integration`;
export const sickLeaveRequestPath = `${paths.holidays}?type=sick`;
