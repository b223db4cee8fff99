import type { AccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import type { DataVersions } from '../db/data-areas.ts';
import type { Logger } from '../logger.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface Principal {
  user: SessionUser;
  sessionId: string;
  companyId: string;
  role: Role | null;
  /** Per-section levels stored in Settings, before the role gate is applied. */
  levels: Record<string, AccessLevel>;
  /** The versions of each area of the company's data when the session was read: the read cache's tags (ADRs 0046, 0120). */
  dataVersions: DataVersions;
  /** A user created with a temporary password that has not been changed yet (ADR 0052). */
  mustChangePassword: boolean;
  /** The caller's IP (`clientIp`: the socket, or X-Forwarded-For behind TRUST_PROXY); the audit trail's "from where". */
  ipAddress: string | null;
}

/** Variables every handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    principal: Principal;
    /** A read-cache hit's bytes, so that compression keeps one compressed copy per entry (ADR 0104). */
    cachedBody?: Uint8Array<ArrayBuffer>;
  };
}

/** The tenant a request's queries run as: the principal's company, user and role. */
export function tenantOf(principal: Principal): { companyId: string; userId: string; role: Role | null } {
  return { companyId: principal.companyId, userId: principal.user.id, role: principal.role };
}
