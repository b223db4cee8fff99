import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { profiles } from '../../db/schema/core.ts';
import { type ReadStatement, statementReader } from '../../db/tenant-read.ts';

/** What GET /me reads about the signed-in user: the profile, its company and its line manager. */
export interface MeRow {
  profile: {
    id: string;
    fullName: string | null;
    email: string;
    position: string | null;
    lineManager: string | null;
    avatarUrl: string | null;
    firstLoginCompleted: boolean;
    isLineManager: boolean;
    phone: string | null;
  };
  company: { id: string; name: string; legalName: string | null; tradingName: string | null } | null;
  logoUrl: string | null;
  lineManager: { id: string; fullName: string | null; phone: string | null } | null;
  /** Someone has this user as line manager (on their profile or their employee record). */
  managesSomeone: boolean;
}

interface MeSqlRow {
  id: string;
  full_name: string | null;
  email: string;
  position: string | null;
  line_manager: string | null;
  avatar_url: string | null;
  first_login_completed: boolean;
  is_line_manager: boolean;
  phone: string | null;
  company_id: string | null;
  company_name: string | null;
  legal_name: string | null;
  trading_name: string | null;
  logo_url: string | null;
  manager_id: string | null;
  manager_full_name: string | null;
  manager_phone: string | null;
  manages_someone: boolean;
}

/**
 * The profile with its company and line manager, in one query. Written as one SQL text rather than
 * with the query builder: every request of the app shell runs it, and building a select of this size
 * cost more Node time than PostgreSQL spends answering it (docs/performance.md).
 */
export async function findMeRow(source: Tx | ReadStatement, userId: string): Promise<MeRow | null> {
  const [row] = await statementReader(source)<MeSqlRow>(
    sql`select p.id, p.full_name, p.email, p.position, p.line_manager, p.avatar_url,
  p.first_login_completed, p.is_line_manager, p.phone,
  c.id as company_id, c.name as company_name, c.legal_name, c.trading_name, d.logo_url,
  m.id as manager_id, m.full_name as manager_full_name, m.phone as manager_phone,
  (exists (select 1 from profiles reports where reports.line_manager = p.id)
    or exists (select 1 from employee_records e where e.line_manager_id = p.id and e.company_id = p.company_id)) as manages_someone
from profiles p
left join companies c on c.id = p.company_id
left join company_details d on d.company_id = p.company_id
left join profiles m on m.id = p.line_manager
where p.id = ${userId}`,
  );
  if (!row) return null;
  return {
    profile: {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      position: row.position,
      lineManager: row.line_manager,
      avatarUrl: row.avatar_url,
      firstLoginCompleted: row.first_login_completed,
      isLineManager: row.is_line_manager,
      phone: row.phone,
    },
    company:
      row.company_id && row.company_name !== null
        ? {
            id: row.company_id,
            name: row.company_name,
            legalName: row.legal_name,
            tradingName: row.trading_name,
          }
        : null,
    logoUrl: row.logo_url,
    lineManager: row.manager_id
      ? { id: row.manager_id, fullName: row.manager_full_name, phone: row.manager_phone }
      : null,
    managesSomeone: row.manages_someone,
  };
}

export async function markFirstLoginCompleted(tx: Tx, userId: string): Promise<void> {
  await tx.update(profiles).set({ firstLoginCompleted: true }).where(eq(profiles.id, userId));
}
