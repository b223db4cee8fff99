/** Workshop tables: work orders, bills of materials and the component stock list. */

import { DB_WORK_ORDER_STATUSES, JOB_LISTS, type ProcurementEntry } from '@hr/shared/workshop/job-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { companies } from './core.ts';
import { tenantPolicy } from './tenant-policy.ts';

export const bomProducts = pgTable(
  'bom_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productCode: text('product_code'),
    productName: text('product_name'),
    // Component slots c1..c20 (a part number of component_database) with quantities q1..q20.
    c1: text('c1'),
    q1: numeric('q1', { precision: 10, scale: 2, mode: 'number' }),
    c2: text('c2'),
    q2: numeric('q2', { precision: 10, scale: 2, mode: 'number' }),
    c3: text('c3'),
    q3: numeric('q3', { precision: 10, scale: 2, mode: 'number' }),
    c4: text('c4'),
    q4: numeric('q4', { precision: 10, scale: 2, mode: 'number' }),
    c5: text('c5'),
    q5: numeric('q5', { precision: 10, scale: 2, mode: 'number' }),
    c6: text('c6'),
    q6: numeric('q6', { precision: 10, scale: 2, mode: 'number' }),
    c7: text('c7'),
    q7: numeric('q7', { precision: 10, scale: 2, mode: 'number' }),
    c8: text('c8'),
    q8: numeric('q8', { precision: 10, scale: 2, mode: 'number' }),
    c9: text('c9'),
    q9: numeric('q9', { precision: 10, scale: 2, mode: 'number' }),
    c10: text('c10'),
    q10: numeric('q10', { precision: 10, scale: 2, mode: 'number' }),
    c11: text('c11'),
    q11: numeric('q11', { precision: 10, scale: 2, mode: 'number' }),
    c12: text('c12'),
    q12: numeric('q12', { precision: 10, scale: 2, mode: 'number' }),
    c13: text('c13'),
    q13: numeric('q13', { precision: 10, scale: 2, mode: 'number' }),
    c14: text('c14'),
    q14: numeric('q14', { precision: 10, scale: 2, mode: 'number' }),
    c15: text('c15'),
    q15: numeric('q15', { precision: 10, scale: 2, mode: 'number' }),
    c16: text('c16'),
    q16: numeric('q16', { precision: 10, scale: 2, mode: 'number' }),
    c17: text('c17'),
    q17: numeric('q17', { precision: 10, scale: 2, mode: 'number' }),
    c18: text('c18'),
    q18: numeric('q18', { precision: 10, scale: 2, mode: 'number' }),
    c19: text('c19'),
    q19: numeric('q19', { precision: 10, scale: 2, mode: 'number' }),
    c20: text('c20'),
    q20: numeric('q20', { precision: 10, scale: 2, mode: 'number' }),
    sopDocuments: jsonb('sop_documents').$type<string[]>().notNull().default([]),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
  },
  (t) => [index('bom_products_company_idx').on(t.companyId), tenantPolicy('bom_products')],
);

export const componentDatabase = pgTable(
  'component_database',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partNumber: text('part_number').notNull(),
    component: text('component').notNull(),
    quantityOnHand: numeric('quantity_on_hand', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    vendor: text('vendor'),
  },
  (t) => [
    uniqueIndex('component_database_company_part_key').on(t.companyId, t.partNumber),
    tenantPolicy('component_database'),
  ],
);

export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => bomProducts.id, { onDelete: 'set null' }),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    status: text('status', { enum: DB_WORK_ORDER_STATUSES }).notNull().default('pending'),
    dueDate: date('due_date'),
    notes: text('notes'),
    quantityRequired: integer('quantity_required').notNull().default(1),
    workOrderNumber: text('work_order_number').notNull(),
    partsProcurementStatus: jsonb('parts_procurement_status')
      .$type<ProcurementEntry[]>()
      .notNull()
      .default([]),
    issued: boolean('issued').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The board list the job is on (ADR 0024), computed in TypeScript by the shared part rules and
     * stored by every change that can move it; null = not computed yet (rows written before the
     * column existed or by raw inserts), which the next board read of the company fills in.
     */
    boardList: text('board_list', { enum: JOB_LISTS }),
    /**
     * The job's part counts (`summarizeParts`) as of the same computation as `board_list`, which the
     * board's cards show: every change that can alter them stores them again (ADR 0160). Null exactly
     * while `board_list` is (the check below).
     */
    boardPartsTotal: integer('board_parts_total'),
    boardPartsReady: integer('board_parts_ready'),
    boardPartsToOrder: integer('board_parts_to_order'),
    boardPartsAwaiting: integer('board_parts_awaiting'),
    /**
     * The job's deadline as `jobDeadline` computes it (due date, else the UTC creation day + 7): the
     * board's sort key for new jobs. Generated, so it can never disagree with the row.
     */
    boardDeadline: date('board_deadline')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(due_date, (created_at at time zone 'UTC')::date + 7)`),
  },
  (t) => [
    uniqueIndex('work_orders_company_number_key').on(t.companyId, t.workOrderNumber),
    index('work_orders_company_status_idx').on(t.companyId, t.status, t.createdAt),
    // The active job list: open work orders of a company, newest first.
    index('work_orders_company_open_idx')
      .on(t.companyId, t.createdAt.desc())
      .where(sql`${t.status} <> 'completed'`),
    // One list of the board in board order for new jobs (deadline, then work order number by length
    // and character, ADR 0024); the per-list counts are kept in workshop_list_counts (ADR 0160).
    index('work_orders_board_idx').on(
      t.companyId,
      t.boardList,
      t.boardDeadline,
      sql`length(work_order_number)`,
      sql`work_order_number collate "C"`,
    ),
    // Rows whose list is not computed yet: normally none, so the board's check costs one index probe.
    index('work_orders_board_stale_idx').on(t.companyId).where(sql`board_list is null`),
    // Jobs with a part not ready (Orders, and completed jobs finished short), by BOM product: the ones
    // a receipt of a part refreshes (ADR 0160), found without reading the company's history.
    index('work_orders_parts_short_idx')
      .on(t.companyId, t.productId)
      .where(sql`board_parts_ready < board_parts_total`),
    check('work_orders_board_list_check', sql`board_list in ('orders', 'stock', 'complete')`),
    check(
      'work_orders_board_parts_check',
      sql`board_list is null or (board_parts_total is not null and board_parts_ready is not null
        and board_parts_to_order is not null and board_parts_awaiting is not null)`,
    ),
    tenantPolicy('work_orders'),
  ],
);

/**
 * The company's job schedule: work order ids in the order the workshop will build them. One row per
 * company, so every colleague sees the same order; a job not in it is "new".
 */
export const workshopJobSchedules = pgTable(
  'workshop_job_schedules',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobOrder: jsonb('job_order').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => authUsers.id, { onDelete: 'set null' }),
  },
  () => [tenantPolicy('workshop_job_schedules')],
);

/**
 * How many open jobs each board list of a company holds (ADR 0160): kept by statement triggers on
 * `work_orders` in the writing transaction (migration `workshop-list-counts`), so the board reads two
 * rows instead of counting every open work order. The serving role only reads it.
 */
export const workshopListCounts = pgTable(
  'workshop_list_counts',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['orders', 'stock'] }).notNull(),
    jobs: integer('jobs').notNull(),
  },
  (t) => [
    primaryKey({ name: 'workshop_list_counts_pkey', columns: [t.companyId, t.list] }),
    check('workshop_list_counts_list_check', sql`list in ('orders', 'stock')`),
    tenantPolicy('workshop_list_counts'),
  ],
);
