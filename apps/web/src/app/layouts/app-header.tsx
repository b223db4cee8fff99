import { menuRules } from '@hr/shared/permissions';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SlackButton, type SlackConnectRoute } from '@/features/slack/components/slack-button';
import { hasSectionAccess } from '@/lib/access';
import type { Me } from '@/lib/session';
import { queryKeysAffectedBy } from '../live-invalidation';
import { AppLogo } from './app-logo';
import { UserMenu } from './user-menu';

/** Where Connect Slack leads: the settings tab, a dialog for those who may not open Settings, or nowhere. */
export function slackConnectRoute(me: Me): SlackConnectRoute {
  if (!hasSectionAccess(me, 'slack-integration')) return 'none';
  return menuRules.canSeeSettings(me.role) ? 'settings' : 'dialog';
}

export function AppHeader({ me }: { me: Me }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur md:px-4">
      <SidebarTrigger />
      <div className="flex min-w-0 items-center gap-2">
        <AppLogo className="size-7 md:hidden" />
        {me.company?.logoUrl && (
          <span data-testid="company-logo" className="hidden shrink-0 md:inline-flex">
            <AppLogo
              key={me.company.logoUrl}
              src={me.company.logoUrl}
              className="h-8 w-auto max-w-28 object-contain"
            />
          </span>
        )}
        <span className="truncate text-sm font-semibold" data-testid="company-name">
          {me.company?.displayName ?? 'Northwind HR'}
        </span>
      </div>
      <div className="ml-auto flex items-center gap-2">
        <SlackButton connectRoute={slackConnectRoute(me)} />
        <NotificationBell liveQueries={queryKeysAffectedBy} />
        <UserMenu me={me} />
      </div>
    </header>
  );
}
