/** Approving from Slack (ADR 0100): the approver's Slack account, the request a message shows, who clicked. */
import type { HolidayStatus, HolidayType } from '@hr/shared/hr/holidays.schemas';
import type { Role } from '@hr/shared/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { slackUserMappings } from '../../db/schema/integrations.ts';
import { readWithTenant } from '../../db/tenant-read.ts';

/** The user's connected Slack account in the company, or null. */
export async function findConnectedSlack(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select({
      slackUserId: slackUserMappings.slackUserId,
      encryptedAccessToken: slackUserMappings.encryptedAccessToken,
    })
    .from(slackUserMappings)
    .where(
      and(
        eq(slackUserMappings.companyId, companyId),
        eq(slackUserMappings.userId, userId),
        eq(slackUserMappings.isOauthConnected, true),
      ),
    );
  return row ?? null;
}

/** Remembers the Slack id of a connection made before the id was stored. */
export async function saveSlackUserId(tx: Tx, companyId: string, userId: string, slackUserId: string) {
  await tx
    .update(slackUserMappings)
    .set({ slackUserId })
    .where(and(eq(slackUserMappings.companyId, companyId), eq(slackUserMappings.userId, userId)));
}

export interface RequestSummary {
  id: string;
  employeeName: string;
  holidayType: HolidayType;
  status: HolidayStatus;
  lineManagerId: string | null;
  startDate: string;
  endDate: string;
  workingDays: number;
  startHalfDay: boolean;
  endHalfDay: boolean;
}

/** A request as its message shows it: a split request (ADR 0087) as one span with its days summed. */
export async function findRequestSummary(
  tx: Tx,
  companyId: string,
  requestId: string,
): Promise<RequestSummary | null> {
  const result = await tx.execute(sql`
    with target as (
      select r.* from holiday_requests r where r.company_id = ${companyId} and r.id = ${requestId}
    ), parts as (
      select r.* from holiday_requests r, target t
      where r.company_id = ${companyId}
        and (r.id = t.id or (t.split_group_id is not null and r.split_group_id = t.split_group_id))
    )
    select t.id, e.full_name as "employeeName", t.holiday_type as "holidayType", t.status,
      t.line_manager_id as "lineManagerId",
      (select to_char(min(p.start_date), 'YYYY-MM-DD') from parts p) as "startDate",
      (select to_char(max(p.end_date), 'YYYY-MM-DD') from parts p) as "endDate",
      (select sum(p.working_days)::float8 from parts p) as "workingDays",
      (select p.start_half_day from parts p order by p.start_date limit 1) as "startHalfDay",
      (select p.end_half_day from parts p order by p.end_date desc limit 1) as "endHalfDay"
    from target t join employee_records e on e.id = t.employee_record_id`);
  return rowsOf<RequestSummary>(result)[0] ?? null;
}

export interface SlackActor {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: Role | null;
}

/**
 * Who a Slack user is in one company: the users whose connected Slack account has this id, still in
 * that company and not past their end date (as the session statement refuses leavers). A click carries
 * no session, only Slack's signature (ADR 0100): the mappings, profiles, roles and records (which force
 * row-level security, so a non-superuser owner reads none of them) are read in the company's tenant,
 * and the logins (auth tables, the owner's) on the server's own connection.
 */
export async function findSlackActors(db: Db, companyId: string, slackUserId: string): Promise<SlackActor[]> {
  const matches = await readWithTenant<{ userId: string; role: Role | null }>(
    db,
    { companyId, userId: null, role: null },
    sql`
      select m.user_id as "userId", r.role
      from slack_user_mappings m
      join profiles p on p.id = m.user_id and p.company_id = m.company_id
      left join user_roles r on r.user_id = m.user_id
      where m.company_id = ${companyId} and m.slack_user_id = ${slackUserId} and m.is_oauth_connected
        and not exists (
          select 1 from employee_records e
          where e.company_id = m.company_id and e.user_id = m.user_id
            and e.end_date is not null and e.end_date <= current_date
        )
      limit 2`,
  );
  if (!matches.length) return [];
  const logins = await db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      emailVerified: authUsers.emailVerified,
    })
    .from(authUsers)
    .where(
      inArray(
        authUsers.id,
        matches.map((m) => m.userId),
      ),
    );
  return matches.flatMap((m) => {
    const login = logins.find((l) => l.id === m.userId);
    return login
      ? [
          {
            userId: m.userId,
            email: login.email,
            name: login.name,
            emailVerified: login.emailVerified,
            role: m.role,
          },
        ]
      : [];
  });
}
