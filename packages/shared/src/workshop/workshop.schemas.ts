/** Contracts of `/api/v1/workshop/*`: the job view model, its parts, and the requests that change them. */
import { z } from 'zod';
import { wholeNumberParam } from '../query-numbers.ts';
import { JOB_LISTS, JOB_STATUSES, PART_STATES } from './job-rules.ts';
import { WORKSHOP_MESSAGES } from './workshop-messages.ts';

const quantity = z
  .number({ error: WORKSHOP_MESSAGES.quantityPositive })
  .positive(WORKSHOP_MESSAGES.quantityPositive)
  .max(1_000_000, WORKSHOP_MESSAGES.quantityTooLarge)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, WORKSHOP_MESSAGES.quantityDecimals);

export const orderPartRequestSchema = z.strictObject({ quantity });
export type OrderPartRequest = z.infer<typeof orderPartRequestSchema>;

export const receivePartRequestSchema = z.strictObject({ quantity });
export type ReceivePartRequest = z.infer<typeof receivePartRequestSchema>;

export const updateJobRequestSchema = z
  .strictObject({
    status: z.enum(JOB_STATUSES).optional(),
    notes: z.string().max(2000, WORKSHOP_MESSAGES.notesTooLong).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.notes !== undefined, WORKSHOP_MESSAGES.nothingToUpdate);
export type UpdateJobRequest = z.infer<typeof updateJobRequestSchema>;

/** The most jobs the shared schedule holds (WORKSHOP_MESSAGES.scheduleTooLong says the same). */
export const SCHEDULE_LIMIT = 5000;

export const saveScheduleRequestSchema = z.strictObject({
  order: z.array(z.uuid()).max(SCHEDULE_LIMIT, WORKSHOP_MESSAGES.scheduleTooLong),
});
export type SaveScheduleRequest = z.infer<typeof saveScheduleRequestSchema>;

export const markScheduledRequestSchema = z.strictObject({ jobId: z.uuid() });
export type MarkScheduledRequest = z.infer<typeof markScheduledRequestSchema>;

export const partSchema = z.object({
  id: z.string(),
  index: z.number().int(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number(),
  onHand: z.number(),
  inStock: z.boolean(),
  needsOrder: z.boolean(),
  orderQuantity: z.number(),
  supplier: z.string().nullable(),
  known: z.boolean(),
  isOrdered: z.boolean(),
  quantityOrdered: z.number(),
  quantityReceived: z.number(),
  isReceived: z.boolean(),
  isPartialDelivery: z.boolean(),
  balanceToFollow: z.number(),
  state: z.enum(PART_STATES),
});
export type Part = z.infer<typeof partSchema>;

export const jobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.literal('work_order'),
  status: z.enum(JOB_STATUSES),
  deadline: z.string(),
  isOverdue: z.boolean(),
  parts: z.array(partSchema),
  comments: z.string().nullable(),
  isComplete: z.boolean(),
  issued: z.boolean(),
  issuedAt: z.string().nullable(),
  issuedBy: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  sopDocuments: z.array(z.string()),
  photos: z.array(z.string()),
  productId: z.uuid().nullable(),
  workOrderNumber: z.string(),
  quantityRequired: z.number(),
  list: z.enum(JOB_LISTS),
  /** Not yet in the company's schedule. */
  isNew: z.boolean(),
});
export type Job = z.infer<typeof jobSchema>;

/** How a job's parts stand (`countParts`): what the job card shows instead of the parts themselves. */
export const partCountsSchema = z.object({
  total: z.number().int(),
  ready: z.number().int(),
  toOrder: z.number().int(),
  awaiting: z.number().int(),
});

/**
 * One job on the board: what its card shows and the list it belongs to. The parts, SOP documents,
 * photos and issuer come with the full job from `GET /api/v1/workshop/jobs/:id` (ADR 0023).
 */
export const jobSummarySchema = jobSchema
  .pick({
    id: true,
    title: true,
    workOrderNumber: true,
    status: true,
    deadline: true,
    isOverdue: true,
    isComplete: true,
    issued: true,
    comments: true,
    quantityRequired: true,
    list: true,
    isNew: true,
  })
  .extend({ partCounts: partCountsSchema });
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** How many jobs a board page holds unless the caller asks for another size (ADR 0024). */
export const BOARD_PAGE_SIZE = 50;
export const BOARD_PAGE_MAX = 200;
/** Deep enough for any real workshop; a bound keeps a typo from asking the database to skip billions. */
export const BOARD_OFFSET_MAX = 1_000_000;

const pageLimit = wholeNumberParam('Limit', 1, BOARD_PAGE_MAX);

/** `GET /api/v1/workshop/jobs?limit=`: the size of each list's first page. */
export const jobBoardQuerySchema = z.strictObject({ limit: pageLimit.default(BOARD_PAGE_SIZE) });
export type JobBoardQuery = z.infer<typeof jobBoardQuerySchema>;

/** The lists that page: Complete holds only the most recent completed jobs. */
export const PAGED_JOB_LISTS = ['orders', 'stock'] as const;
export type PagedJobList = (typeof PAGED_JOB_LISTS)[number];

/** `GET /api/v1/workshop/job-page?list=orders&offset=50&limit=50`: the next page of one list. */
export const jobPageQuerySchema = z.strictObject({
  list: z.enum(PAGED_JOB_LISTS, { error: WORKSHOP_MESSAGES.pageList }),
  offset: wholeNumberParam('Offset', 0, BOARD_OFFSET_MAX),
  limit: pageLimit.default(BOARD_PAGE_SIZE),
});
export type JobPageQuery = z.infer<typeof jobPageQuerySchema>;

/** One list on the board: its first page, how many jobs it holds, where the next page starts. */
export const jobListPageSchema = z.object({
  jobs: z.array(jobSummarySchema),
  total: z.number().int(),
  /** The offset of the next page, null when this page reaches the end of the list. */
  nextOffset: z.number().int().nullable(),
});
export type JobListPage = z.infer<typeof jobListPageSchema>;

/**
 * `GET /api/v1/workshop/jobs`: the first page of each list in board order with each list's total
 * (ADR 0024). Complete is the 50 most recent completed jobs and never pages.
 */
export const jobBoardResponseSchema = z.object({
  orders: jobListPageSchema,
  stock: jobListPageSchema,
  complete: jobListPageSchema,
  /** The schedule's ids that are open jobs, in schedule order (the reorder keeps the rest of it). */
  schedule: z.array(z.uuid()),
  today: z.string(),
});
export type JobBoardResponse = z.infer<typeof jobBoardResponseSchema>;

/** `GET /api/v1/workshop/job-page`: one more page of a list. */
export const jobPageResponseSchema = jobListPageSchema.extend({
  list: z.enum(PAGED_JOB_LISTS),
  offset: z.number().int(),
  today: z.string(),
});
export type JobPageResponse = z.infer<typeof jobPageResponseSchema>;

/** `GET /api/v1/workshop/orders`: jobs with parts still to order or receive. */
export const partsOrdersResponseSchema = z.object({ jobs: z.array(jobSchema), today: z.string() });
export type PartsOrdersResponse = z.infer<typeof partsOrdersResponseSchema>;

/** `GET /api/v1/workshop/jobs/:id` and the answer of every change to a job: the full job. */
export const jobResponseSchema = z.object({ job: jobSchema });
export type JobResponse = z.infer<typeof jobResponseSchema>;

export const scheduleResponseSchema = z.object({ schedule: z.array(z.uuid()) });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

/** How many recently completed jobs the Complete list shows. */
export const COMPLETE_LIST_LIMIT = 50;
