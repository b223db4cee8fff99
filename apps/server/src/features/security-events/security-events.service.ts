/** The company's security events as its super admins see them (ADR 0047). */

import type { Role } from '@hr/shared/roles';
import { roleLabel } from '@hr/shared/roles';
import {
  SECURITY_EVENTS_LIMIT,
  type SecurityEvent,
  type SecurityEventsResponse,
} from '@hr/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../http/app-env.ts';
import { listCompanySecurityEvents } from '../auth/security-events.service.ts';

/** A short, safe description: never another company's id (a switch's `from`) or internal metadata. */
function detailOf(action: SecurityEvent['action'], metadata: Record<string, unknown>): string | null {
  if (action === 'role_changed') {
    const from = typeof metadata.from === 'string' ? roleLabel(metadata.from as Role) : 'No role';
    const to = typeof metadata.to === 'string' ? roleLabel(metadata.to as Role) : 'No role';
    return metadata.by === 'operator command' ? `${from} -> ${to} (operator command)` : `${from} -> ${to}`;
  }
  if (action === 'user_removed' && typeof metadata.role === 'string') {
    return `Role was ${roleLabel(metadata.role as Role)}`;
  }
  return null;
}

export async function getSecurityEvents(db: Db, principal: Principal): Promise<SecurityEventsResponse> {
  const rows = await listCompanySecurityEvents(db, principal.companyId, SECURITY_EVENTS_LIMIT);
  return {
    events: rows.map((r) => ({
      id: r.id,
      action: r.action,
      email: r.email,
      ipAddress: r.ipAddress,
      detail: detailOf(r.action, r.metadata),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
