import { z } from '@hono/zod-openapi';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importQuerySchema,
  importResultSchema,
  importTemplateRows,
} from '@hr/shared/hr/employee-import';
import {
  EMPLOYEE_MESSAGES,
  employeeInputSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeSchema,
  entitlementPreviewQuerySchema,
  entitlementPreviewResponseSchema,
  userOptionsResponseSchema,
} from '@hr/shared/hr/employees.schemas';
import {
  employeeEndDateInputSchema,
  employeeLedgerResponseSchema,
  ledgerEntryInputSchema,
} from '@hr/shared/leave/leave.schemas';
import type { Db } from '../../db/client.ts';
import {
  apiRouter,
  defineRoute,
  idParams,
  jsonBody,
  jsonResponse,
  messageResponse,
} from '../../http/api-route.ts';
import { csvAttachment, toCsv } from '../../http/csv.ts';
import { cachedRead, type ReadCache } from '../../http/read-cache.ts';
import { requireRole, requireSection } from '../../http/session.ts';
import { addLedgerEntry, getEmployeeLedger, previewEntitlement } from '../leave/leave.service.ts';
import { importEmployees } from './employee-import.service.ts';
import {
  createEmployee,
  getEmployee,
  listCompanyEmployees,
  listUserOptions,
  removeEmployee,
  setEndDate,
  updateEmployeeRecord,
} from './employees.service.ts';
import { importTooLarge } from './import-csv.ts';

/**
 * Employee Management: super_admin and developer, and the employees section. Reading needs View,
 * editing Admin, creating and deleting Full (Admin is "view and edit without create", ADR 0006).
 */
export function employeesRoutes(deps: {
  db: Db;
  readCache: ReadCache;
  /** After a change of line manager committed: the Slack message for each request it moved (ADR 0100). */
  onPendingRequest?: (companyId: string, requestId: string) => void;
}) {
  const { db } = deps;
  const view = requireSection('employees', 'view');
  return apiRouter(requireRole('super_admin', 'developer'))
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'Search employees (paged)',
        middleware: [view, cachedRead(deps.readCache, { dependsOn: ['people', 'company', 'leave'] })],
        request: { query: employeeListQuerySchema },
        responses: { 200: jsonResponse(employeeListResponseSchema, 'One page of employees') },
      }),
      async (c) => c.json(await listCompanyEmployees(db, c.get('principal'), c.req.valid('query')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/user-options',
        summary: 'Users an employee record can be linked to',
        middleware: view,
        responses: { 200: jsonResponse(userOptionsResponseSchema, 'The users') },
      }),
      async (c) => c.json(await listUserOptions(db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/import/template.csv',
        summary: 'The employee import template (CSV: the header and one example row)',
        middleware: view,
        responses: {
          200: {
            description: 'The template, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      }),
      (c) => csvAttachment(c, 'employees-import-template.csv', toCsv(importTemplateRows())),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/import',
          summary: 'Import employees from a CSV file (?dryRun=true: the preview, nothing written)',
          description:
            'One multipart `file` field, UTF-8 (with or without BOM), comma or semicolon separated, at most 2 MB. ' +
            'The real run writes every row or none (400 IMPORT_INVALID with the errors when any row has one).',
          middleware: requireSection('employees', 'full'),
          request: {
            query: importQuerySchema,
            body: {
              content: {
                'multipart/form-data': {
                  schema: z.object({
                    file: z
                      .file({ error: IMPORT_MESSAGES.fileRequired })
                      .meta({ type: 'string', format: 'binary' }),
                  }),
                },
              },
              required: true,
            },
          },
          responses: {
            200: jsonResponse(importResultSchema, 'The preview (dry run) or what was imported'),
          },
        },
        { errors: [409] },
      ),
      async (c) => {
        const file = c.req.valid('form').file;
        if (file.size > IMPORT_MAX_BYTES) throw importTooLarge();
        const bytes = new Uint8Array(await file.arrayBuffer());
        const { dryRun } = c.req.valid('query');
        return c.json(await importEmployees(db, c.get('principal'), bytes, dryRun), 200);
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/entitlement',
        summary: "The entitlement the employee form's values give, with its calculation (before saving)",
        middleware: view,
        request: { query: entitlementPreviewQuerySchema },
        responses: { 200: jsonResponse(entitlementPreviewResponseSchema, 'The calculation') },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return c.json(
          await previewEntitlement(db, c.get('principal'), {
            startDate: q.startDate ?? null,
            endDate: q.endDate ?? null,
            annualHolidayDays: q.annualHolidayDays,
            workingPattern: q.workingPattern,
          }),
          200,
        );
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/{id}',
        summary: 'One employee',
        middleware: view,
        request: { params: idParams },
        responses: { 200: jsonResponse(employeeSchema, 'The employee') },
      }),
      async (c) => c.json(await getEmployee(db, c.get('principal'), c.req.valid('param').id), 200),
    )
    .openapi(
      defineRoute(
        {
          method: 'post',
          path: '/',
          summary: 'Create an employee',
          middleware: requireSection('employees', 'full'),
          request: { body: jsonBody(employeeInputSchema) },
          responses: { 201: jsonResponse(employeeSchema, 'The new employee') },
        },
        { errors: [409] },
      ),
      async (c) => c.json(await createEmployee(deps, c.get('principal'), c.req.valid('json')), 201),
    )
    .openapi(
      defineRoute(
        {
          method: 'put',
          path: '/{id}',
          summary: 'Edit an employee (the body may be what GET answered, with fields changed)',
          middleware: requireSection('employees', 'admin'),
          request: { params: idParams, body: jsonBody(employeeInputSchema) },
          responses: { 200: jsonResponse(employeeSchema, 'The employee') },
        },
        { errors: [409] },
      ),
      async (c) =>
        c.json(
          await updateEmployeeRecord(deps, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/{id}/ledger',
        summary: "An employee's leave ledger and balance of this holiday year",
        middleware: view,
        request: { params: idParams },
        responses: { 200: jsonResponse(employeeLedgerResponseSchema, 'The ledger') },
      }),
      async (c) => c.json(await getEmployeeLedger(db, c.get('principal'), c.req.valid('param').id), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/{id}/ledger',
        summary: 'Set the opening balance or add an adjustment (with a reason); Employees at Admin',
        middleware: requireSection('employees', 'admin'),
        request: { params: idParams, body: jsonBody(ledgerEntryInputSchema) },
        responses: { 201: jsonResponse(employeeLedgerResponseSchema, 'The ledger') },
      }),
      async (c) =>
        c.json(
          await addLedgerEntry(db, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
    )
    .openapi(
      defineRoute({
        method: 'put',
        path: '/{id}/end-date',
        summary: 'Archive a leaver with an end date (null: clear it); Employees at Admin',
        middleware: requireSection('employees', 'admin'),
        request: { params: idParams, body: jsonBody(employeeEndDateInputSchema) },
        responses: { 200: jsonResponse(employeeSchema, 'The employee') },
      }),
      async (c) =>
        c.json(
          await setEndDate(db, c.get('principal'), c.req.valid('param').id, c.req.valid('json').endDate),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/{id}',
        summary: 'Delete an employee',
        middleware: requireSection('employees', 'full'),
        request: { params: idParams },
        responses: { 200: messageResponse('Deleted') },
      }),
      async (c) => {
        await removeEmployee(db, c.get('principal'), c.req.valid('param').id);
        return c.json({ message: EMPLOYEE_MESSAGES.deleted }, 200);
      },
    );
}
