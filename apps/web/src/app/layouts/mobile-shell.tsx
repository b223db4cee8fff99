/** The phone layout: a slim top bar (drawer menu, Slack, bell, user menu), the page, and the bottom tab bar. */
import { CalendarDays, House, Receipt, Stethoscope } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SlackButton } from '@/features/slack/components/slack-button';
import { cn } from '@/lib/class-names';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import type { Me } from '@/lib/session';
import { queryKeysAffectedBy } from '../live-invalidation';
import { slackConnectRoute } from './app-header';
import { AppSidebar } from './app-sidebar';
import { PageOutlet } from './page-outlet';
import { UserMenu } from './user-menu';

const TABS = [
  { label: 'Home', to: paths.mobileHome, icon: House },
  { label: 'Holidays', to: paths.mobileHoliday, icon: CalendarDays },
  { label: 'Absence', to: paths.mobileAbsence, icon: Stethoscope },
  { label: 'Expenses', to: paths.mobileExpense, icon: Receipt },
] as const;

export function MobileShell({ me }: { me: Me }) {
  const { pathname } = useLocation();
  return (
    <SidebarProvider forceMobile className="flex-col">
      <AppSidebar me={me} />
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background px-2">
        <SidebarTrigger />
        <span className="min-w-0 flex-1 truncate font-semibold">{routeTitle(pathname)}</span>
        <SlackButton connectRoute={slackConnectRoute(me)} phone />
        <NotificationBell liveQueries={queryKeysAffectedBy} />
        <UserMenu me={me} compact />
      </header>
      <main id="main" className="flex-1 px-4 pt-4 pb-24">
        <PageOutlet />
      </main>
      <nav
        aria-label="Mobile tabs"
        className="fixed inset-x-0 bottom-0 z-30 border-t bg-background pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="grid grid-cols-4">
          {TABS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring',
                    isActive ? 'text-primary' : 'text-slate-600',
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </SidebarProvider>
  );
}
