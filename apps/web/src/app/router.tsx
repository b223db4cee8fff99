/** The route table: every page of the product and its path. Every screen is its own lazily loaded module. */
import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { ROUTE_TITLES } from '@/lib/route-titles';
import { meQueryOptions } from '@/lib/session';
import { PublicOnly } from './guards/public-only';
import { RequireAccess } from './guards/require-access';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { routeAccess } from './route-access';
import { RouteError } from './route-error';

/** Each page's module: loaded when its route renders, or earlier by `preloadPageOf` (ADR 0105). */
const pages = {
  auth: () => import('./routes/auth-page'),
  authCallback: () => import('./routes/auth-callback-page'),
  resetPassword: () => import('./routes/reset-password-page'),
  acceptInvitation: () => import('./routes/accept-invitation-page'),
  dashboard: () => import('./routes/dashboard-page'),
  employees: () => import('./routes/employees-page'),
  holidays: () => import('./routes/holidays-page'),
  settings: () => import('./routes/settings-page'),
  company: () => import('./routes/company-page'),
  profile: () => import('./routes/profile-page'),
  mobileHome: () => import('./routes/mobile-home-page'),
  mobileHoliday: () => import('./routes/mobile-holiday-page'),
  mobileAbsence: () => import('./routes/mobile-absence-page'),
  mobileExpense: () => import('./routes/mobile-expense-page'),
  operations: () => import('./routes/operations-page'),
  orders: () => import('./routes/orders-page'),
  mobileChat: () => import('./routes/mobile-chat-page'),
  hubspot: () => import('./routes/hubspot-page'),
};

const AuthPage = lazy(pages.auth);
const AuthCallbackPage = lazy(pages.authCallback);
const ResetPasswordPage = lazy(pages.resetPassword);
const AcceptInvitationPage = lazy(pages.acceptInvitation);
const DashboardPage = lazy(pages.dashboard);
const NotFoundPage = lazy(() => import('./routes/not-found-page'));
const ComingSoonPage = lazy(() => import('./routes/coming-soon-page'));
const PlaceholderPage = lazy(() => import('./routes/placeholder-page'));
const EmployeesPage = lazy(pages.employees);
const HolidaysPage = lazy(pages.holidays);
const SettingsPage = lazy(pages.settings);
const CompanyPage = lazy(pages.company);
const ProfilePage = lazy(pages.profile);
const MobileHomePage = lazy(pages.mobileHome);
const MobileHolidayPage = lazy(pages.mobileHoliday);
const MobileAbsencePage = lazy(pages.mobileAbsence);
const MobileExpensePage = lazy(pages.mobileExpense);
const OperationsPage = lazy(pages.operations);
const OrdersPage = lazy(pages.orders);
const MobileChatPage = lazy(pages.mobileChat);
const HubspotPage = lazy(pages.hubspot);

const pageByPath: Record<string, () => Promise<unknown>> = {
  [paths.auth]: pages.auth,
  [paths.authCallback]: pages.authCallback,
  [paths.resetPassword]: pages.resetPassword,
  [paths.acceptInvitation]: pages.acceptInvitation,
  [paths.home]: pages.dashboard,
  [paths.employees]: pages.employees,
  [paths.holidays]: pages.holidays,
  [paths.settings]: pages.settings,
  [paths.company]: pages.company,
  [paths.profile]: pages.profile,
  [paths.mobileHome]: pages.mobileHome,
  [paths.mobileHoliday]: pages.mobileHoliday,
  [paths.mobileAbsence]: pages.mobileAbsence,
  [paths.mobileExpense]: pages.mobileExpense,
  [paths.operations]: pages.operations,
  [paths.orders]: pages.orders,
  [paths.mobileChat]: pages.mobileChat,
  [paths.hubspot]: pages.hubspot,
};

/** Pages open to everyone: their first screen does not wait for the session. */
const PUBLIC_PAGES = new Set<string>([
  paths.auth,
  paths.authCallback,
  paths.resetPassword,
  paths.acceptInvitation,
]);

/** What a page module may export besides its component: the reads its first screen makes (ADR 0130). */
interface PageModule {
  prefetch?: (client: QueryClient, search: string) => void;
}

/**
 * Starts loading the module of the page at `pathname` at once, beside the session read (and the
 * signed-in shell), instead of after them: the first screen's chunks load in parallel, not one after
 * the other. A path without a page of its own loads nothing here. With the app's query client, a
 * protected page also starts the session read now rather than when the guard renders, and the reads
 * its module's `prefetch` names as soon as the module is in (ADR 0130): in parallel with the session
 * read, not after the guard, the shell and the page have rendered. Signed out, those reads answer
 * 401 and the guard sends the page to /auth as before.
 */
export function preloadPageOf(pathname: string, client?: QueryClient, search = ''): void {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const load = pageByPath[trimmed];
  if (!load) return;
  const prefetch = client !== undefined && !PUBLIC_PAGES.has(trimmed);
  if (prefetch) void client.prefetchQuery(meQueryOptions);
  void load()
    .then((module) => {
      if (prefetch) (module as PageModule).prefetch?.(client, search);
    })
    .catch(() => {
      // The route's own lazy load reports the failure (the route error page) when it renders.
    });
}

const title = (path: string) => ROUTE_TITLES[path] ?? path;

/** A placeholder page for a screen a later feature builds, titled from the route-title table. */
function placeholder(path: string, access?: keyof typeof routeAccess, deniedMessage?: string): RouteObject {
  const page = <PlaceholderPage title={title(path)} />;
  return {
    path,
    element: access ? (
      <RequireAccess rule={routeAccess[access]} deniedMessage={deniedMessage}>
        {page}
      </RequireAccess>
    ) : (
      page
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.auth,
        element: (
          <PublicOnly>
            <AuthPage />
          </PublicOnly>
        ),
      },
      { path: paths.authCallback, element: <AuthCallbackPage /> },
      // Open signed in or not: the reset signs every session out anyway.
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      // Open signed in or not: accepting signs the invitee in.
      { path: paths.acceptInvitation, element: <AcceptInvitationPage /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <DashboardPage /> },
          {
            path: paths.employees,
            element: (
              <RequireAccess rule={routeAccess.employees}>
                <EmployeesPage />
              </RequireAccess>
            ),
          },
          { path: paths.attendance, element: <ComingSoonPage title={title(paths.attendance)} /> },
          { path: paths.holidays, element: <HolidaysPage /> },
          { path: paths.expenses, element: <ComingSoonPage title={title(paths.expenses)} /> },
          { path: paths.performance, element: <ComingSoonPage title={title(paths.performance)} /> },
          {
            path: paths.company,
            element: (
              <RequireAccess
                rule={routeAccess.company}
                deniedMessage="Only Super Administrators and Developers can access company details."
              >
                <CompanyPage />
              </RequireAccess>
            ),
          },
          { path: paths.profile, element: <ProfilePage /> },
          {
            path: paths.settings,
            element: (
              <RequireAccess rule={routeAccess.settingsPage}>
                <SettingsPage />
              </RequireAccess>
            ),
          },
          {
            path: paths.hubspot,
            element: (
              <RequireAccess rule={routeAccess.hubspot}>
                <HubspotPage />
              </RequireAccess>
            ),
          },
          { path: paths.mobileHome, element: <MobileHomePage /> },
          { path: paths.mobileHoliday, element: <MobileHolidayPage /> },
          { path: paths.mobileAbsence, element: <MobileAbsencePage /> },
          { path: paths.mobileExpense, element: <MobileExpensePage /> },
          { path: paths.mobileChat, element: <MobileChatPage /> },
          {
            path: paths.operations,
            element: (
              <RequireAccess rule={routeAccess.operations}>
                <OperationsPage />
              </RequireAccess>
            ),
          },
          placeholder(paths.customerManagement, 'customerManagement'),
          placeholder(paths.finance, 'finance'),
          placeholder(paths.hireFleetManagement, 'hireFleetManagement'),
          {
            path: paths.orders,
            element: (
              <RequireAccess rule={routeAccess.orders}>
                <OrdersPage />
              </RequireAccess>
            ),
          },
          placeholder(paths.hireOrders, 'hireOrders'),
          placeholder(paths.createHireOrder, 'createHireOrder'),
          placeholder(paths.simCardCreateOrder),
          placeholder(paths.customerSubscriptions, 'customerSubscriptions'),
          placeholder(paths.simCardManagement),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter(client?: QueryClient) {
  preloadPageOf(window.location.pathname, client, window.location.search);
  return createBrowserRouter(routes);
}
