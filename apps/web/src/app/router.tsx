/** The route table: every page of the product and its path. Every screen is its own lazily loaded module. */
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { ROUTE_TITLES } from '@/lib/route-titles';
import { PublicOnly } from './guards/public-only';
import { RequireAccess } from './guards/require-access';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { routeAccess } from './route-access';
import { RouteError } from './route-error';

const AuthPage = lazy(() => import('./routes/auth-page'));
const AuthCallbackPage = lazy(() => import('./routes/auth-callback-page'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password-page'));
const DashboardPage = lazy(() => import('./routes/dashboard-page'));
const NotFoundPage = lazy(() => import('./routes/not-found-page'));
const ComingSoonPage = lazy(() => import('./routes/coming-soon-page'));
const PlaceholderPage = lazy(() => import('./routes/placeholder-page'));
const EmployeesPage = lazy(() => import('./routes/employees-page'));
const HolidaysPage = lazy(() => import('./routes/holidays-page'));
const SettingsPage = lazy(() => import('./routes/settings-page'));
const CompanyPage = lazy(() => import('./routes/company-page'));
const ProfilePage = lazy(() => import('./routes/profile-page'));
const MobileHomePage = lazy(() => import('./routes/mobile-home-page'));
const MobileHolidayPage = lazy(() => import('./routes/mobile-holiday-page'));
const MobileAbsencePage = lazy(() => import('./routes/mobile-absence-page'));
const MobileExpensePage = lazy(() => import('./routes/mobile-expense-page'));
const OperationsPage = lazy(() => import('./routes/operations-page'));
const OrdersPage = lazy(() => import('./routes/orders-page'));
const MobileChatPage = lazy(() => import('./routes/mobile-chat-page'));
const HubspotPage = lazy(() => import('./routes/hubspot-page'));

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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
