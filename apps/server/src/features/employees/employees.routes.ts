import {
  EMPLOYEE_MESSAGES,
  employeeInputSchema,
  employeeListQuerySchema,
} from '@hr/shared/hr/employees.schemas';
import { employeeEndDateInputSchema, ledgerEntryInputSchema } from '@hr/shared/leave/leave.schemas';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { idParam, parseJsonBody, parseQuery } from '../../http/validate.ts';
import { addLedgerEntry, getEmployeeLedger } from '../leave/leave.service.ts';
import {
  createEmployee,
  getEmployee,
  listCompanyEmployees,
  listUserOptions,
  removeEmployee,
  setEndDate,
  updateEmployeeRecord,
} from './employees.service.ts';

/**
 * Employee Management: super_admin and developer, and the employees section. Reading needs view,
 * editing admin, creating and deleting full (spec section 4: Admin is "view and edit without create").
 */
export function employeesRoutes(deps: { db: Db; readCache: ReadCache }) {
  const { db } = deps;
  const cached = cachedRead(deps.readCache);
  return (
    new Hono<AppEnv>()
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
      // The leave ledger of an employee (ADR 0090): read at View, written (opening balance, adjustments) at Admin.
      .get('/:id/ledger', requireSection('employees', 'view'), async (c) =>
        c.json(await getEmployeeLedger(db, c.get('principal'), idParam(c))),
      )
      .post('/:id/ledger', requireSection('employees', 'admin'), async (c) => {
        const id = idParam(c);
        const input = await parseJsonBody(c, ledgerEntryInputSchema);
        return c.json(await addLedgerEntry(db, c.get('principal'), id, input), 201);
      })
      // Archive a leaver (ADR 0092): an edit of the record, so Admin.
      .put('/:id/end-date', requireSection('employees', 'admin'), async (c) => {
        const id = idParam(c);
        const { endDate } = await parseJsonBody(c, employeeEndDateInputSchema);
        return c.json(await setEndDate(db, c.get('principal'), id, endDate));
      })
      .delete('/:id', requireSection('employees', 'full'), async (c) => {
        await removeEmployee(db, c.get('principal'), idParam(c));
        return c.json({ message: EMPLOYEE_MESSAGES.deleted });
      })
  );
}
