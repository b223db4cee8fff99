/**
 * `/api/v1/workshop/*`. Each route names the section and the level it needs (ADR 0020): reading
 * needs View; changing an existing work order needs Admin (edit without create).
 */
import { COMPONENT_SLOT_COUNT } from '@hr/shared/workshop/job-rules';
import {
  jobBoardQuerySchema,
  jobPageQuerySchema,
  markScheduledRequestSchema,
  orderPartRequestSchema,
  receivePartRequestSchema,
  saveScheduleRequestSchema,
  updateJobRequestSchema,
} from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireSection } from '../../http/session.ts';
import { parseJsonBody, parseQuery } from '../../http/validate.ts';
import {
  getJob,
  getJobBoard,
  getJobPage,
  getPartsOrders,
  issueJob,
  markScheduled,
  orderPart,
  receivePart,
  resetSchedule,
  saveSchedule,
  updateJob,
} from './workshop.service.ts';

/** A component slot number 1..20 from the path, else 404. */
function slotIndex(raw: string): number {
  const index = Number(raw);
  if (!Number.isInteger(index) || index < 1 || index > COMPONENT_SLOT_COUNT)
    throw errors.notFound(WORKSHOP_MESSAGES.partNotFound);
  return index;
}

export function workshopRoutes(deps: { db: Db; readCache: ReadCache }) {
  const { db } = deps;
  const cached = cachedRead(deps.readCache);
  return new Hono<AppEnv>()
    .get('/jobs', requireSection('production', 'view'), cached, async (c) => {
      const { limit } = parseQuery(c, jobBoardQuerySchema);
      return c.json(await getJobBoard(db, c.get('principal'), limit));
    })
    .get('/job-page', requireSection('production', 'view'), async (c) =>
      c.json(await getJobPage(db, c.get('principal'), parseQuery(c, jobPageQuerySchema))),
    )
    .get('/jobs/:id', requireSection('production', 'view'), async (c) =>
      c.json({ job: await getJob(db, c.get('principal'), c.req.param('id')) }),
    )
    .get('/orders', requireSection('orders', 'view'), async (c) =>
      c.json(await getPartsOrders(db, c.get('principal'))),
    )
    .post(
      '/jobs/:id/parts/:index/order',
      requireSection('orders', 'admin'),
      requireSection('procurement', 'admin'),
      async (c) => {
        const { quantity } = await parseJsonBody(c, orderPartRequestSchema);
        const job = await orderPart(
          db,
          c.get('principal'),
          c.req.param('id'),
          slotIndex(c.req.param('index')),
          quantity,
        );
        return c.json({ job });
      },
    )
    .post(
      '/jobs/:id/parts/:index/receive',
      requireSection('procurement', 'admin'),
      requireSection('inventory', 'admin'),
      async (c) => {
        const { quantity } = await parseJsonBody(c, receivePartRequestSchema);
        const job = await receivePart(
          db,
          c.get('principal'),
          c.req.param('id'),
          slotIndex(c.req.param('index')),
          quantity,
        );
        return c.json({ job });
      },
    )
    .post('/jobs/:id/issue', requireSection('production', 'admin'), async (c) =>
      c.json({ job: await issueJob(db, c.get('principal'), c.req.param('id')) }),
    )
    .patch('/jobs/:id', requireSection('production', 'admin'), async (c) => {
      const patch = await parseJsonBody(c, updateJobRequestSchema);
      return c.json({ job: await updateJob(db, c.get('principal'), c.req.param('id'), patch) });
    })
    .put('/schedule', requireSection('production', 'admin'), async (c) => {
      const { order } = await parseJsonBody(c, saveScheduleRequestSchema);
      return c.json({ schedule: await saveSchedule(db, c.get('principal'), order) });
    })
    .post('/schedule/scheduled', requireSection('production', 'admin'), async (c) => {
      const { jobId } = await parseJsonBody(c, markScheduledRequestSchema);
      return c.json({ schedule: await markScheduled(db, c.get('principal'), jobId) });
    })
    .delete('/schedule', requireSection('production', 'admin'), async (c) =>
      c.json({ schedule: await resetSchedule(db, c.get('principal')) }),
    );
}
