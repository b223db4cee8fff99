/** The route table of spec section 2. Every screen is its own lazily loaded module. */
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { ROUTE_TITLES } from '@/lib/route-titles';
import { PublicOnly } from './guards/public-only';
import { RequireAccess } from './guards/require-access';
import { RequireAuth } from './guards/require-auth';
import { routeAccess } from './layouts/navigation';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

const AuthPage = lazy(() => import('./routes/auth-page'));
const AuthCallbackPage = lazy(() => import('./routes/auth-callback-page'));
const DashboardPage = lazy(() => import('./routes/dashboard-page'));
const NotFoundPage = lazy(() => import('./routes/not-found-page'));
const ComingSoonPage = lazy(() => import('./routes/coming-soon-page'));
const PlaceholderPage = lazy(() => import('./routes/placeholder-page'));
const MobileHomePage = lazy(() => import('./routes/mobile-home-page'));
const MobileHolidayPage = lazy(() => import('./routes/mobile-holiday-page'));
const MobileAbsencePage = lazy(() => import('./routes/mobile-absence-page'));
const MobileExpensePage = lazy(() => import('./routes/mobile-expense-page'));

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
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <DashboardPage /> },
          placeholder(paths.employees, 'employees'),
          { path: paths.attendance, element: <ComingSoonPage title={title(paths.attendance)} /> },
          placeholder(paths.holidays),
          { path: paths.expenses, element: <ComingSoonPage title={title(paths.expenses)} /> },
          { path: paths.performance, element: <ComingSoonPage title={title(paths.performance)} /> },
          placeholder(
            paths.company,
            'company',
            'Only Super Administrators and Developers can access company details.',
          ),
          placeholder(paths.profile),
          placeholder(paths.settings, 'settings'),
          placeholder(paths.hubspot, 'hubspot'),
          { path: paths.mobileHome, element: <MobileHomePage /> },
          { path: paths.mobileHoliday, element: <MobileHolidayPage /> },
          { path: paths.mobileAbsence, element: <MobileAbsencePage /> },
          { path: paths.mobileExpense, element: <MobileExpensePage /> },
          placeholder(paths.mobileChat),
          placeholder(paths.operations, 'operations'),
          placeholder(paths.customerManagement, 'customerManagement'),
          placeholder(paths.finance, 'finance'),
          placeholder(paths.hireFleetManagement, 'hireFleetManagement'),
          placeholder(paths.orders, 'orders'),
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
