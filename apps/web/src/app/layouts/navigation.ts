/** The sidebar's groups and entries exactly as the spec lists them, with who may open each page. */
import {
  BarChart3,
  Building2,
  CalendarDays,
  ClipboardList,
  Clock,
  ExternalLink,
  LayoutDashboard,
  type LucideIcon,
  PoundSterling,
  Settings,
  UserRound,
  Users,
  Wrench,
} from 'lucide-react';
import type { AccessRule } from '@/lib/access';
import { appConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { routeAccess } from '../route-access';

export interface NavEntry {
  label: string;
  icon: LucideIcon;
  /** An in-app route, or an external URL when `external` is set. */
  to: string;
  external?: boolean;
  access?: AccessRule;
}

export interface NavGroup {
  label: string;
  entries: NavEntry[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Dashboard',
    entries: [
      { label: 'Home', icon: ExternalLink, to: appConfig.mainWebsiteUrl, external: true },
      { label: 'HR Dashboard', icon: LayoutDashboard, to: paths.home },
    ],
  },
  {
    label: 'Employee Management',
    entries: [
      { label: 'Employees', icon: Users, to: paths.employees, access: routeAccess.employees },
      { label: 'Attendance', icon: Clock, to: paths.attendance },
    ],
  },
  {
    label: 'Leave Management',
    entries: [{ label: 'Holiday Management', icon: CalendarDays, to: paths.holidays }],
  },
  {
    label: 'Financial Management',
    entries: [{ label: 'Expense Management', icon: PoundSterling, to: paths.expenses }],
  },
  {
    label: 'Reports & Analytics',
    entries: [{ label: 'Performance & Reports', icon: BarChart3, to: paths.performance }],
  },
  {
    // Not one of the spec's HR groups: the workshop screens of the route-title table (ADR 0022).
    label: 'Workshop',
    entries: [
      { label: 'Operations', icon: Wrench, to: paths.operations, access: routeAccess.operations },
      { label: 'Orders', icon: ClipboardList, to: paths.orders, access: routeAccess.orders },
    ],
  },
  {
    label: 'Settings',
    entries: [
      { label: 'Company', icon: Building2, to: paths.company, access: routeAccess.company },
      { label: 'Profile', icon: UserRound, to: paths.profile },
      { label: 'System Settings', icon: Settings, to: paths.settings, access: routeAccess.settings },
    ],
  },
];
