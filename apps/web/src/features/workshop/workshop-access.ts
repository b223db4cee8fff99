/** What the signed-in user may do in the workshop, for showing actions; the server checks again (ADR 0020). */
import { type AccessLevel, hasAccessLevel, type SectionId } from '@hr/shared/permissions';
import type { Me } from '@/lib/session';

export interface WorkshopAbilities {
  /** Issue, status, notes, complete and the schedule: Admin on production. */
  canEditJobs: boolean;
  /** Mark a part ordered: Admin on orders and procurement. */
  canOrder: boolean;
  /** Book a delivery into stock: Admin on procurement and inventory. */
  canReceive: boolean;
}

export function workshopAbilities(me: Pick<Me, 'permissions'> | null | undefined): WorkshopAbilities {
  const at = (section: SectionId, level: AccessLevel) =>
    me ? hasAccessLevel(me.permissions[section] ?? 'no_access', level) : false;
  return {
    canEditJobs: at('production', 'admin'),
    canOrder: at('orders', 'admin') && at('procurement', 'admin'),
    canReceive: at('procurement', 'admin') && at('inventory', 'admin'),
  };
}
