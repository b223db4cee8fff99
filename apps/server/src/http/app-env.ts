import type { AccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
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
}

/** Variables every handler can read from the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    principal: Principal;
  };
}
