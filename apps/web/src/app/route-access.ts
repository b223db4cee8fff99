/**
 * Who may open each guarded page. Apart from the sidebar's entries (layouts/navigation.ts, with their
 * icons), so that the route table in the first chunk does not bring the sidebar along (ADR 0105).
 */
import type { AccessRule } from '@/lib/access';

export const routeAccess = {
  employees: { roles: ['super_admin', 'developer'], section: 'employees' },
  company: { roles: ['super_admin', 'developer'], section: 'company-settings' },
  settings: { roles: ['super_admin', 'developer'], section: 'settings' },
  /** The page itself: admins may open it for the Slack Integration tab; it shows only the tabs one may use. */
  settingsPage: { roles: ['super_admin', 'developer', 'admin'] },
  hubspot: { roles: ['super_admin', 'developer'] },
  finance: { section: 'financial-data' },
  customerManagement: { section: 'customer-data' },
  customerSubscriptions: { section: 'customer-data' },
  orders: { section: 'orders' },
  operations: { section: 'production' },
  hireFleetManagement: { section: 'hire-management' },
  hireOrders: { section: 'hire-management' },
  createHireOrder: { section: 'hire-management' },
} as const satisfies Record<string, AccessRule>;
