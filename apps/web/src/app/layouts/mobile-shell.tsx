/** The phone layout: a slim top bar (drawer menu, Slack, bell, user menu), the page, and the bottom tab bar. */
import { CalendarDays, House, Receipt, Stethoscope } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SlackButton } from '@/features/slack/components/slack-button';
import { cn } from '@/lib/class-names';
import { paths } from '@/lib/paths';
import { isRouteActive } from '@/lib/route-match';
import { routeTitle } from '@/lib/route-titles';
import type { Me } from '@/lib/session';
import { queryKeysAffectedBy } from '../live-invalidation';
import { slackConnectRoute } from './app-header';
import { AppSidebar } from './app-sidebar';
import { PageOutlet } from './page-outlet';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

/** Each tab with the pages it stands for: the mobile page and the full page it leads to. */
const TABS = [
  { label: 'Home', to: paths.mobileHome, icon: House, also: [] },
  { label: 'Holidays', to: paths.mobileHoliday, icon: CalendarDays, also: [paths.holidays] },
  { label: 'Absence', to: paths.mobileAbsence, icon: Stethoscope, also: [] },
  { label: 'Expenses', to: paths.mobileExpense, icon: Receipt, also: [paths.expenses] },
] as const;

/** The tab to highlight on `pathname`, if any. */
export function activeTab(pathname: string): string | null {
  const tab = TABS.find(({ to, also }) => [to, ...also].some((route) => isRouteActive(pathname, route)));
  return tab?.label ?? null;
}

export function MobileShell({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const current = activeTab(pathname);
  return (
    <SidebarProvider forceMobile className="flex-col">
      <SkipLink />
      <AppSidebar me={me} />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background px-2">
        <SidebarTrigger />
        <span className="min-w-0 flex-1 truncate font-semibold">{routeTitle(pathname)}</span>
        <SlackButton connectRoute={slackConnectRoute(me)} phone />
        <NotificationBell liveQueries={queryKeysAffectedBy} />
        <UserMenu me={me} phone />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 pt-4 pb-24 outline-hidden">
        <PageOutlet />
      </main>
      <nav
        aria-label="Mobile tabs"
        className="fixed inset-x-0 bottom-0 z-30 border-t bg-background pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="grid grid-cols-4">
          {TABS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                aria-current={current === label ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring',
                  current === label ? 'text-primary' : 'text-slate-600',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </SidebarProvider>
  );
}
