/**
 * `/api/v1/workshop/*`. Each route names the section and the level it needs (ADR 0020): reading
 * needs View; changing an existing work order needs Admin (edit without create).
 */
import { z } from '@hono/zod-openapi';
import { COMPONENT_SLOT_COUNT } from '@hr/shared/workshop/job-rules';
import {
  jobBoardQuerySchema,
  jobBoardResponseSchema,
  jobPageQuerySchema,
  jobPageResponseSchema,
  jobResponseSchema,
  markScheduledRequestSchema,
  orderPartRequestSchema,
  partsOrdersResponseSchema,
  receivePartRequestSchema,
  saveScheduleRequestSchema,
  scheduleResponseSchema,
  updateJobRequestSchema,
} from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import type { Db } from '../../db/client.ts';
import { apiRouter, defineRoute, jsonBody, jsonResponse, uuidParam } from '../../http/api-route.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireSection } from '../../http/session.ts';
import { getJob, getJobBoard, getJobPage, getPartsOrders } from './board-reads.service.ts';
import {
  issueJob,
  markScheduled,
  orderPart,
  receivePart,
  resetSchedule,
  saveSchedule,
  updateJob,
} from './job-commands.service.ts';

const jobParams = z.object({ id: uuidParam(WORKSHOP_MESSAGES.jobNotFound) });
/** A job and one of its component slots, 1..20 (else the part is not found). */
const partParams = jobParams.extend({
  index: z.coerce
    .number({ error: WORKSHOP_MESSAGES.partNotFound })
    .int(WORKSHOP_MESSAGES.partNotFound)
    .min(1, WORKSHOP_MESSAGES.partNotFound)
    .max(COMPONENT_SLOT_COUNT, WORKSHOP_MESSAGES.partNotFound),
});

export function workshopRoutes(deps: { db: Db; readCache: ReadCache }) {
  const { db } = deps;
  const production = {
    view: requireSection('production', 'view'),
    admin: requireSection('production', 'admin'),
  };
  const job = jsonResponse(jobResponseSchema, 'The whole job after the change');
  const schedule = jsonResponse(scheduleResponseSchema, 'The schedule: job ids in order');
  return apiRouter()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/jobs',
        summary: 'The job board: first page and total of each list',
        middleware: [production.view, cachedRead(deps.readCache, { dependsOn: ['workshop'] })],
        request: { query: jobBoardQuerySchema },
        responses: { 200: jsonResponse(jobBoardResponseSchema, 'The board') },
      }),
      async (c) => c.json(await getJobBoard(db, c.get('principal'), c.req.valid('query').limit), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/job-page',
        summary: 'One more page of the Orders or Stock list',
        middleware: production.view,
        request: { query: jobPageQuerySchema },
        responses: { 200: jsonResponse(jobPageResponseSchema, 'The page') },
      }),
      async (c) => c.json(await getJobPage(db, c.get('principal'), c.req.valid('query')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/jobs/{id}',
        summary: 'One whole job (parts, notes, documents, photos)',
        middleware: production.view,
        request: { params: jobParams },
        responses: { 200: jsonResponse(jobResponseSchema, 'The job') },
      }),
      async (c) => c.json({ job: await getJob(db, c.get('principal'), c.req.valid('param').id) }, 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/orders',
        summary: 'Jobs with parts to order',
        middleware: requireSection('orders', 'view'),
        responses: { 200: jsonResponse(partsOrdersResponseSchema, 'The jobs') },
      }),
      async (c) => c.json(await getPartsOrders(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/jobs/{id}/parts/{index}/order',
          summary: 'Order a part of a job',
          middleware: [requireSection('orders', 'admin'), requireSection('procurement', 'admin')],
          request: { params: partParams, body: jsonBody(orderPartRequestSchema) },
          responses: { 200: job },
        },
        { errors: [409] },
      ),
      async (c) => {
        const { id, index } = c.req.valid('param');
        const ordered = await orderPart(db, c.get('principal'), id, index, c.req.valid('json').quantity);
        return c.json({ job: ordered }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/jobs/{id}/parts/{index}/receive',
          summary: 'Receive a delivery of a part',
          middleware: [requireSection('procurement', 'admin'), requireSection('inventory', 'admin')],
          request: { params: partParams, body: jsonBody(receivePartRequestSchema) },
          responses: { 200: job },
        },
        { errors: [409] },
      ),
      async (c) => {
        const { id, index } = c.req.valid('param');
        const received = await receivePart(db, c.get('principal'), id, index, c.req.valid('json').quantity);
        return c.json({ job: received }, 200);
      },
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/jobs/{id}/issue',
          summary: 'Issue a job',
          middleware: production.admin,
          request: { params: jobParams },
          responses: { 200: job },
        },
        { errors: [409] },
      ),
      async (c) => c.json({ job: await issueJob(db, c.get('principal'), c.req.valid('param').id) }, 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'patch',
          path: '/jobs/{id}',
          summary: 'Change status or notes of a job',
          middleware: production.admin,
          request: { params: jobParams, body: jsonBody(updateJobRequestSchema) },
          responses: { 200: job },
        },
        { errors: [409] },
      ),
      async (c) =>
        c.json(
          { job: await updateJob(db, c.get('principal'), c.req.valid('param').id, c.req.valid('json')) },
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/schedule',
        summary: 'Save the job schedule order',
        middleware: production.admin,
        request: { body: jsonBody(saveScheduleRequestSchema) },
        responses: { 200: schedule },
      }),
      async (c) =>
        c.json({ schedule: await saveSchedule(db, c.get('principal'), c.req.valid('json').order) }, 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/schedule/scheduled',
        summary: 'Put a job on the schedule',
        middleware: production.admin,
        request: { body: jsonBody(markScheduledRequestSchema) },
        responses: { 200: schedule },
      }),
      async (c) =>
        c.json({ schedule: await markScheduled(db, c.get('principal'), c.req.valid('json').jobId) }, 200),
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/schedule',
        summary: 'Reset the schedule',
        middleware: production.admin,
        responses: { 200: schedule },
      }),
      async (c) => c.json({ schedule: await resetSchedule(db, c.get('principal')) }, 200),
    );
}
