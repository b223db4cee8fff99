/**
 * The areas of a company's data that the read cache tracks apart (ADR 0120, refining 0046). Each area
 * has its own change count per company (`company_data_changes`, one column per area); the statement
 * triggers of each tenant table add one to the areas its rows belong to (migration
 * `0035_read-cache-areas`), and the session statement returns every area's version with the
 * principal. A cached read names the areas it reads, and misses only when one of them changed.
 */

/**
 * - `people`: profiles, roles, section levels, employee records, invitations.
 * - `company`: the company row, its details and settings, its closure and worked-holiday days.
 * - `requests`: holiday requests, whatever their state (a pending submission moves only this one).
 * - `leave`: what is taken: every change that involves an approved request, and the leave ledger.
 *   What the calendar and the balances in the employee list show.
 * - `workshop`: work orders, BOM products, components, the job schedule.
 * - `other`: what no cached read shows (notifications, OAuth states, integrations, the audit trail).
 */
export const DATA_AREAS = ['people', 'company', 'requests', 'leave', 'workshop', 'other'] as const;
export type DataArea = (typeof DATA_AREAS)[number];

/** One company's version of each area, as the session statement read them together. */
export type DataVersions = Readonly<Record<DataArea, bigint>>;

/** The versions of a principal that has no company, or of one built outside a request. */
export const NO_DATA_VERSIONS: DataVersions = Object.freeze({
  people: 0n,
  company: 0n,
  requests: 0n,
  leave: 0n,
  workshop: 0n,
  other: 0n,
});

/**
 * The areas each tenant table's triggers move (the trigger argument; holiday_requests decides per
 * statement: `requests`, and `leave` as well when an approved row is among those changed). A table
 * whose triggers name no area moves every area. The DB test of the read cache checks the triggers
 * against this list.
 */
export const TABLE_AREAS: Readonly<Record<string, readonly DataArea[]>> = {
  profiles: ['people'],
  user_roles: ['people'],
  user_permissions: ['people'],
  employee_records: ['people'],
  invitations: ['people'],
  companies: ['company'],
  company_details: ['company'],
  company_settings: ['company'],
  company_calendar_days: ['company'],
  holiday_requests: ['requests', 'leave'],
  leave_ledger_entries: ['leave'],
  work_orders: ['workshop'],
  bom_products: ['workshop'],
  component_database: ['workshop'],
  workshop_job_schedules: ['workshop'],
  workshop_list_counts: ['workshop'],
  notifications: ['other'],
  oauth_states: ['other'],
  cloud_storage_configurations: ['other'],
  document_storage_policies: ['other'],
  cloud_storage_audit: ['other'],
  slack_user_mappings: ['other'],
  calendar_feeds: ['other'],
  audit_events: ['other'],
};
