/** Page titles for the breadcrumb and the return-to-previous navigation. */
import { paths } from './paths.ts';

export const UNKNOWN_PAGE_TITLE = 'Unknown Page';

/** The spec's route-title table (workshop routes) plus the HR routes of the route table. */
export const ROUTE_TITLES: Readonly<Record<string, string>> = {
  [paths.home]: 'Main Dashboard',
  [paths.operations]: 'Operations',
  [paths.customerManagement]: 'Customer Management',
  [paths.finance]: 'Finance',
  [paths.hireFleetManagement]: 'Hire Fleet Management',
  [paths.orders]: 'Orders',
  [paths.hireOrders]: 'Hire Orders',
  [paths.createHireOrder]: 'Create Hire Order',
  [paths.simCardCreateOrder]: 'Create SIM Card Order',
  [paths.customerSubscriptions]: 'Customer Subscriptions',
  [paths.simCardManagement]: 'SIM Card Management',
  [paths.employees]: 'Employee Management',
  [paths.attendance]: 'Attendance & Time Tracking',
  [paths.holidays]: 'Holiday Management',
  [paths.expenses]: 'Expense Management',
  [paths.performance]: 'Performance & Reports',
  [paths.company]: 'Company Details',
  [paths.profile]: 'User Profile',
  [paths.settings]: 'Settings',
  [paths.hubspot]: 'HubSpot Integration',
  [paths.mobileHome]: 'Home',
  [paths.mobileHoliday]: 'Holidays',
  [paths.mobileAbsence]: 'Absence',
  [paths.mobileExpense]: 'Expenses',
  [paths.mobileChat]: 'Chat',
};

/** The title of a path (query and hash ignored, trailing slash tolerated), else Unknown Page. */
export function routeTitle(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_TITLES[normalised] ?? UNKNOWN_PAGE_TITLE;
}
