import {
  EMPLOYEE_MESSAGES,
  employeeInputSchema,
  employeeListQuerySchema,
} from '@hr/shared/hr/employees.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { idParam, parseJsonBody, parseQuery } from '../../http/validate.ts';
import {
  createEmployee,
  getEmployee,
  listCompanyEmployees,
  listUserOptions,
  removeEmployee,
  updateEmployeeRecord,
} from './employees.service.ts';

/**
 * Employee Management: super_admin and developer, and the employees section. Reading needs view,
 * editing admin, creating and deleting full (spec section 4: Admin is "view and edit without create").
 */
export function employeesRoutes(deps: { db: Db; readCache: ReadCache }) {
  const { db } = deps;
  const cached = cachedRead(deps.readCache);
  return new Hono<AppEnv>()
    .use('*', requireRole('super_admin', 'developer'))
    .get('/', requireSection('employees', 'view'), cached, async (c) =>
      c.json(await listCompanyEmployees(db, c.get('principal'), parseQuery(c, employeeListQuerySchema))),
    )
    .get('/user-options', requireSection('employees', 'view'), async (c) =>
      c.json(await listUserOptions(db, c.get('principal'))),
    )
    .get('/:id', requireSection('employees', 'view'), async (c) =>
      c.json(await getEmployee(db, c.get('principal'), idParam(c))),
    )
    .post('/', requireSection('employees', 'full'), async (c) => {
      const input = await parseJsonBody(c, employeeInputSchema);
      return c.json(await createEmployee(db, c.get('principal'), input), 201);
    })
    .put('/:id', requireSection('employees', 'admin'), async (c) => {
      const id = idParam(c);
      const input = await parseJsonBody(c, employeeInputSchema);
      return c.json(await updateEmployeeRecord(db, c.get('principal'), id, input));
    })
    .delete('/:id', requireSection('employees', 'full'), async (c) => {
      await removeEmployee(db, c.get('principal'), idParam(c));
      return c.json({ message: EMPLOYEE_MESSAGES.deleted });
    });
}
