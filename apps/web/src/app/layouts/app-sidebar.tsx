import { Link, useLocation } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { canUse } from '@/lib/access';
import { isMobileAllowedPath, useMobileLayout } from '@/lib/device';
import { isRouteActive } from '@/lib/route-match';
import type { Me } from '@/lib/session';
import { AppLogo } from './app-logo';
import { NAV_GROUPS, type NavEntry } from './navigation';

export function AppSidebar({ me }: { me: Me }) {
  const { pathname } = useLocation();
  const { state, isMobile, setOpenMobile } = useSidebar();
  const collapsed = state === 'collapsed' && !isMobile;
  // On phones only the pages a phone may open are offered (the rest would bounce to /mobile-home).
  const mobileLayout = useMobileLayout();
  const reachable = (entry: NavEntry) =>
    (!entry.access || canUse(me, entry.access)) &&
    (!mobileLayout || entry.external || isMobileAllowedPath(entry.to));
  const closeDrawer = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Main navigation">
      <SidebarHeader>
        <Link
          to="/"
          onClick={closeDrawer}
          className="flex h-10 items-center gap-2 overflow-hidden rounded-md px-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <AppLogo className="size-7 shrink-0" />
          <span className={collapsed ? 'sr-only' : 'truncate font-semibold'}>Northwind HR</span>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        {NAV_GROUPS.map((group) => {
          const entries = group.entries.filter(reachable);
          if (entries.length === 0) return null;
          const headingId = `nav-${group.label.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <SidebarGroup key={group.label} aria-labelledby={headingId}>
              <SidebarGroupLabel id={headingId}>{group.label}</SidebarGroupLabel>
              <SidebarMenu>
                {entries.map((entry) => {
                  const Icon = entry.icon;
                  const active = !entry.external && isRouteActive(pathname, entry.to);
                  return (
                    <SidebarMenuItem key={entry.label}>
                      <SidebarMenuButton asChild isActive={active}>
                        {entry.external ? (
                          <a
                            href={entry.to}
                            target="_blank"
                            rel="noopener noreferrer"
                            title={collapsed ? entry.label : undefined}
                          >
                            <Icon aria-hidden="true" />
                            <span>{entry.label}</span>
                          </a>
                        ) : (
                          <Link
                            to={entry.to}
                            onClick={closeDrawer}
                            aria-current={active ? 'page' : undefined}
                            title={collapsed ? entry.label : undefined}
                          >
                            <Icon aria-hidden="true" />
                            <span>{entry.label}</span>
                          </Link>
                        )}
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroup>
          );
        })}
      </SidebarContent>
    </Sidebar>
  );
}
