/**
 * What the OpenAPI document says about each route beyond what the router knows: the zod schemas the
 * handler already parses its body and query with, the shared schema of its response, and its success
 * status. Keys are the router's own `METHOD path` (Hono syntax). The operations themselves come from
 * `app.routes`, so a route missing here is still documented, with a generic JSON response; a test
 * fails when a route that parses a body or a query has no entry, or an entry names no route.
 */
import {
  changePasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '@hr/shared/auth/auth.schemas';
import {
  requestPasswordResetSchema,
  resendVerificationRequestSchema,
  resetPasswordRequestSchema,
} from '@hr/shared/auth/recovery.schemas';
import {
  cloudCreateFolderSchema,
  cloudStorageSettingsSchema,
  cloudUploadSchema,
  documentFileQuerySchema,
  documentPolicySchema,
  documentUploadSchema,
  setCloudStorageEnabledSchema,
  updatePolicySchema,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import {
  companiesResponseSchema,
  companyDetailsRequestSchema,
  companyDetailsSchema,
  switchCompanyRequestSchema,
  switchCompanyResponseSchema,
} from '@hr/shared/company/company-details.schemas';
import {
  createCrossAppLinkSchema,
  crossAppTargetsResponseSchema,
  exchangeCrossAppCodeSchema,
} from '@hr/shared/cross-app/cross-app.schemas';
import { messageResponseSchema } from '@hr/shared/errors';
import {
  employeeInputSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeSchema,
  userOptionsResponseSchema,
} from '@hr/shared/hr/employees.schemas';
import {
  approvalsResponseSchema,
  calendarDayQuerySchema,
  calendarDayResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  holidayBalanceResponseSchema,
  holidayDecisionInputSchema,
  holidayRequestInputSchema,
  holidayRequestSchema,
  myRequestsQuerySchema,
  myRequestsResponseSchema,
  upcomingResponseSchema,
  workingDaysQuerySchema,
  workingDaysResponseSchema,
} from '@hr/shared/hr/holidays.schemas';
import { hubspotStatusResponseSchema } from '@hr/shared/hubspot/hubspot.schemas';
import {
  employeeEndDateInputSchema,
  employeeLedgerResponseSchema,
  leaveSettingsSchema,
  ledgerEntryInputSchema,
  rolloverResponseSchema,
  sicknessInputSchema,
  sicknessTotalsResponseSchema,
} from '@hr/shared/leave/leave.schemas';
import { meResponseSchema } from '@hr/shared/me/me.schemas';
import {
  notificationEventSchema,
  notificationsResponseSchema,
} from '@hr/shared/notifications/notifications.schemas';
import {
  lineManagerOptionsResponseSchema,
  profileSchema,
  updateProfileRequestSchema,
} from '@hr/shared/profile/profile.schemas';
import {
  companySettingsRequestSchema,
  companySettingsSchema,
  createUserRequestSchema,
  invitationsResponseSchema,
  permissionsResponseSchema,
  savePermissionsRequestSchema,
  securityEventsResponseSchema,
  updateRoleRequestSchema,
  usersResponseSchema,
} from '@hr/shared/settings/settings.schemas';
import {
  oauthCompleteRequestSchema,
  slackApiRequestSchema,
  slackConnectionSchema,
  slackOauthUrlResponseSchema,
} from '@hr/shared/slack/slack.schemas';
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
import type { z } from 'zod';
import { imageUploadFormSchema } from '../../integrations/storage/image-upload.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OperationKey = `${HttpMethod} /api/${string}`;

/** Error answers a route gives beyond those read off the router (400 input, 401/403 session and gates, 404 ids). */
export type ExtraErrorStatus = 401 | 403 | 409 | 413 | 429 | 503;

export interface OperationContract {
  summary: string;
  /** A longer note, when the summary is not enough. */
  description?: string;
  /** The JSON body, exactly the schema the handler passes to `parseJsonBody` / `parseWith`. */
  body?: z.ZodType;
  /** A `multipart/form-data` body (uploads). */
  form?: z.ZodType;
  /** The query string, exactly the schema the handler passes to `parseQuery`. */
  query?: z.ZodType;
  /** The success body. Without one the document says "a JSON object" and nothing more. */
  response?: z.ZodType;
  /** Defaults to 200. */
  status?: 200 | 201 | 204;
  /** Defaults to `application/json`. */
  produces?: 'application/json' | 'text/event-stream' | 'application/octet-stream';
  /** For a `text/event-stream`: the JSON each event's `data` carries. */
  events?: z.ZodType;
  errors?: readonly ExtraErrorStatus[];
}

export const OPERATION_CONTRACTS: Readonly<Record<OperationKey, OperationContract>> = {
  // Public
  'GET /api/health': {
    summary: 'Liveness and database check',
    description:
      'Answers `{ "status": "ok", "db": "ok" }`, or 503 with `{ "status": "error", "db": "unavailable" }` when the database does not answer.',
  },
  'GET /api/openapi.json': { summary: 'This OpenAPI document' },
  'POST /api/auth/sign-up/email': {
    summary: 'Sign up a company and its first user (Super Admin)',
    description: 'Sends a verification e-mail. Rate limited per e-mail address.',
    body: signUpRequestSchema,
    errors: [409, 429],
  },
  'POST /api/auth/sign-in/email': {
    summary: 'Sign in with e-mail and password',
    description: 'Sets the session cookie. Rate limited per e-mail address.',
    body: signInRequestSchema,
    errors: [401, 403, 429],
  },
  'POST /api/auth/request-password-reset': {
    summary: 'Email a password reset link',
    description:
      'The same answer whether or not the address has an account; the link (one hour, single use) is mailed afterwards. Rate limited per e-mail address and per IP.',
    body: requestPasswordResetSchema,
    response: messageResponseSchema,
    errors: [429],
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with a reset link',
    description: 'Consumes the token and signs the user out everywhere. Rate limited per IP.',
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
    errors: [429],
  },
  'POST /api/auth/send-verification-email': {
    summary: 'Send the verification e-mail again',
    description:
      'The same answer whether or not the address waits for verification. Rate limited per e-mail address and per IP.',
    body: resendVerificationRequestSchema,
    response: messageResponseSchema,
    errors: [429],
  },
  'POST /api/v1/cross-app/exchange': {
    summary: 'Redeem a one-time cross-app code (server to server, no session)',
    body: exchangeCrossAppCodeSchema,
    errors: [401],
  },
  'GET /api/storage/:bucket/*': {
    summary: 'A file of a public bucket (company logos, avatars)',
    produces: 'application/octet-stream',
  },

  // Me
  'GET /api/v1/me': {
    summary: 'The signed-in user, company, role and section levels',
    response: meResponseSchema,
  },
  'POST /api/v1/me/password': {
    summary: 'Change my password',
    body: changePasswordRequestSchema,
    response: messageResponseSchema,
  },

  // Employees
  'GET /api/v1/employees': {
    summary: 'Search employees (paged)',
    query: employeeListQuerySchema,
    response: employeeListResponseSchema,
  },
  'GET /api/v1/employees/user-options': {
    summary: 'Users an employee record can be linked to',
    response: userOptionsResponseSchema,
  },
  'GET /api/v1/employees/:id': { summary: 'One employee', response: employeeSchema },
  'POST /api/v1/employees': {
    summary: 'Create an employee',
    body: employeeInputSchema,
    response: employeeSchema,
    status: 201,
    errors: [409],
  },
  'PUT /api/v1/employees/:id': {
    summary: 'Edit an employee',
    body: employeeInputSchema,
    response: employeeSchema,
    errors: [409],
  },
  'DELETE /api/v1/employees/:id': { summary: 'Delete an employee', response: messageResponseSchema },
  'GET /api/v1/employees/:id/ledger': {
    summary: "An employee's leave ledger and balance of this holiday year",
    response: employeeLedgerResponseSchema,
  },
  'POST /api/v1/employees/:id/ledger': {
    summary: 'Set the opening balance or add an adjustment (with a reason)',
    body: ledgerEntryInputSchema,
    response: employeeLedgerResponseSchema,
    status: 201,
  },
  'PUT /api/v1/employees/:id/end-date': {
    summary: 'Archive a leaver with an end date (null: clear it)',
    body: employeeEndDateInputSchema,
    response: employeeSchema,
  },

  // Leave
  'GET /api/v1/leave/settings': { summary: 'The company leave settings', response: leaveSettingsSchema },
  'PUT /api/v1/leave/settings': {
    summary: 'Save the company leave settings',
    body: leaveSettingsSchema,
    response: leaveSettingsSchema,
  },
  'POST /api/v1/leave/rollover': {
    summary: "Run the company's holiday-year rollover now (idempotent)",
    response: rolloverResponseSchema,
  },

  // Holidays
  'GET /api/v1/holidays/balance': { summary: 'My holiday balance', response: holidayBalanceResponseSchema },
  'GET /api/v1/holidays/working-days': {
    summary: 'Working days between two dates',
    query: workingDaysQuerySchema,
    response: workingDaysResponseSchema,
  },
  'GET /api/v1/holidays/requests': {
    summary: 'My holiday requests, newest first',
    query: myRequestsQuerySchema,
    response: myRequestsResponseSchema,
  },
  'POST /api/v1/holidays/requests': {
    summary: 'Submit a holiday request',
    description: 'Pending when the employee has a line manager, approved at once otherwise.',
    body: holidayRequestInputSchema,
    response: holidayRequestSchema,
    status: 201,
    errors: [409],
  },
  'POST /api/v1/holidays/requests/:id/cancel': {
    summary: 'Cancel my request',
    response: holidayRequestSchema,
    errors: [409],
  },
  'POST /api/v1/holidays/requests/:id/decision': {
    summary: 'Approve or reject a request (its line manager)',
    body: holidayDecisionInputSchema,
    response: holidayRequestSchema,
    errors: [409],
  },
  'GET /api/v1/holidays/approvals': {
    summary: 'Requests waiting for my decision',
    response: approvalsResponseSchema,
  },
  'GET /api/v1/holidays/calendar': {
    summary: 'Team calendar of a month',
    query: calendarQuerySchema,
    response: calendarResponseSchema,
  },
  'GET /api/v1/holidays/calendar/day': {
    summary: 'Everyone away on one day of the team calendar (what "+N more" opens), paged',
    query: calendarDayQuerySchema,
    response: calendarDayResponseSchema,
  },
  'GET /api/v1/holidays/upcoming': { summary: 'Upcoming team holidays', response: upcomingResponseSchema },
  'POST /api/v1/holidays/sickness': {
    summary: "Record an employee's sickness (line manager, super admin, or the employee 14 days back)",
    body: sicknessInputSchema,
    response: holidayRequestSchema,
    status: 201,
    errors: [409],
  },
  'GET /api/v1/holidays/sickness-totals': {
    summary: 'Sickness per employee over the last 52 weeks (super admins)',
    response: sicknessTotalsResponseSchema,
  },

  // Workshop
  'GET /api/v1/workshop/jobs': {
    summary: 'The job board: first page and total of each list',
    query: jobBoardQuerySchema,
    response: jobBoardResponseSchema,
  },
  'GET /api/v1/workshop/job-page': {
    summary: 'One more page of the Orders or Stock list',
    query: jobPageQuerySchema,
    response: jobPageResponseSchema,
  },
  'GET /api/v1/workshop/orders': { summary: 'Jobs with parts to order', response: partsOrdersResponseSchema },
  'POST /api/v1/workshop/jobs/:id/parts/:index/order': {
    summary: 'Order a part of a job',
    body: orderPartRequestSchema,
    response: jobResponseSchema,
    errors: [409],
  },
  'POST /api/v1/workshop/jobs/:id/parts/:index/receive': {
    summary: 'Receive a delivery of a part',
    body: receivePartRequestSchema,
    response: jobResponseSchema,
    errors: [409],
  },
  'POST /api/v1/workshop/jobs/:id/issue': {
    summary: 'Issue a job',
    response: jobResponseSchema,
    errors: [409],
  },
  'PATCH /api/v1/workshop/jobs/:id': {
    summary: 'Change status or notes of a job',
    body: updateJobRequestSchema,
    response: jobResponseSchema,
    errors: [409],
  },
  'PUT /api/v1/workshop/schedule': {
    summary: 'Save the job schedule order',
    body: saveScheduleRequestSchema,
    response: scheduleResponseSchema,
  },
  'POST /api/v1/workshop/schedule/scheduled': {
    summary: 'Put a job on the schedule',
    body: markScheduledRequestSchema,
    response: scheduleResponseSchema,
  },
  'DELETE /api/v1/workshop/schedule': { summary: 'Reset the schedule', response: scheduleResponseSchema },

  // Settings
  'GET /api/v1/settings/permissions': {
    summary: 'Section levels of every user',
    response: permissionsResponseSchema,
  },
  'PUT /api/v1/settings/permissions': {
    summary: 'Save section levels',
    body: savePermissionsRequestSchema,
  },
  'GET /api/v1/settings/users': { summary: 'Users of the company', response: usersResponseSchema },
  'POST /api/v1/settings/users': {
    summary: 'Create a user',
    body: createUserRequestSchema,
    status: 201,
    errors: [409],
  },
  'PUT /api/v1/settings/users/:id/role': {
    summary: "Change a user's role",
    body: updateRoleRequestSchema,
    errors: [409],
  },
  'DELETE /api/v1/settings/users/:id': {
    summary: 'Remove a user',
    response: messageResponseSchema,
    errors: [409],
  },
  'POST /api/v1/settings/users/:id/reset-password': {
    summary: 'Send a user the password reset e-mail',
    response: messageResponseSchema,
    errors: [429],
  },
  'GET /api/v1/settings/invitations': { summary: 'Open invitations', response: invitationsResponseSchema },
  'DELETE /api/v1/settings/invitations/:id': {
    summary: 'Cancel an invitation',
    response: messageResponseSchema,
  },
  'GET /api/v1/settings/company': { summary: 'Company settings', response: companySettingsSchema },
  'PUT /api/v1/settings/company': {
    summary: 'Save company settings',
    body: companySettingsRequestSchema,
    response: companySettingsSchema,
  },

  // Company details and switching
  'GET /api/v1/company': { summary: 'Company details', response: companyDetailsSchema },
  'PUT /api/v1/company': {
    summary: 'Save company details',
    body: companyDetailsRequestSchema,
    response: companyDetailsSchema,
  },
  'POST /api/v1/company/logo': {
    summary: 'Upload the company logo (PNG, JPEG, GIF or WebP, 2 MB at most)',
    form: imageUploadFormSchema,
    status: 201,
    errors: [413],
  },
  'GET /api/v1/companies': {
    summary: 'Companies a developer can switch to',
    response: companiesResponseSchema,
  },
  'POST /api/v1/companies/switch': {
    summary: 'Switch to another company',
    body: switchCompanyRequestSchema,
    response: switchCompanyResponseSchema,
  },
  'GET /api/v1/security-events': {
    summary: "The company's newest security events (super admins)",
    response: securityEventsResponseSchema,
  },

  // Profile
  'GET /api/v1/profile': { summary: 'My profile', response: profileSchema },
  'PUT /api/v1/profile': {
    summary: 'Save my profile',
    body: updateProfileRequestSchema,
    response: profileSchema,
  },
  'GET /api/v1/profile/line-manager-options': {
    summary: 'Users I can choose as line manager',
    response: lineManagerOptionsResponseSchema,
  },
  'POST /api/v1/profile/avatar': {
    summary: 'Upload my avatar (PNG, JPEG, GIF or WebP, 2 MB at most)',
    form: imageUploadFormSchema,
    response: profileSchema,
    status: 201,
    errors: [413],
  },
  'DELETE /api/v1/profile/avatar': { summary: 'Remove my avatar', response: profileSchema },

  // Notifications
  'GET /api/v1/notifications': {
    summary: 'My newest 50 notifications',
    response: notificationsResponseSchema,
  },
  'POST /api/v1/notifications/read-all': { summary: 'Mark all my notifications read' },
  'POST /api/v1/notifications/:id/read': { summary: 'Mark a notification read' },
  'DELETE /api/v1/notifications/:id': { summary: 'Delete a notification', status: 204 },
  'GET /api/v1/notifications/stream': {
    summary: 'Live notification events (Server-Sent Events)',
    description:
      'Events: `ready`, `notification` (data: a NotificationEvent, ids only; re-read the list), `resync` and a `ping` every 25 s.',
    produces: 'text/event-stream',
    events: notificationEventSchema,
  },

  // Slack
  'GET /api/v1/slack/connection': { summary: 'My Slack connection', response: slackConnectionSchema },
  'DELETE /api/v1/slack/connection': {
    summary: 'Disconnect my Slack account',
    response: slackConnectionSchema,
  },
  'POST /api/v1/slack/oauth-url': {
    summary: 'Start connecting Slack (consent URL)',
    response: slackOauthUrlResponseSchema,
    errors: [503],
  },
  'POST /api/v1/slack/oauth/complete': {
    summary: 'Finish connecting Slack',
    body: oauthCompleteRequestSchema,
    response: slackConnectionSchema,
  },
  'POST /api/v1/slack/api': {
    summary: 'Run a Slack action (channels, history, send)',
    description: "Slack's own errors come back as `{ ok: false, error }` with status 200.",
    body: slackApiRequestSchema,
  },

  // Cloud storage and documents
  'GET /api/v1/cloud-storage': {
    summary: 'Cloud storage settings, providers and policies',
    response: cloudStorageSettingsSchema,
  },
  'PUT /api/v1/cloud-storage/enabled': {
    summary: 'Switch cloud storage on or off',
    body: setCloudStorageEnabledSchema,
    // The answer is the new switch, the same shape as the request.
    response: setCloudStorageEnabledSchema,
  },
  'PUT /api/v1/cloud-storage/policies/:documentType': {
    summary: 'Set where a document type is stored',
    body: updatePolicySchema,
    response: documentPolicySchema,
  },
  'POST /api/v1/cloud-storage/oauth/complete': {
    summary: 'Finish connecting a cloud drive',
    body: oauthCompleteRequestSchema,
    errors: [503],
  },
  'POST /api/v1/cloud-storage/:provider/auth-url': {
    summary: 'Start connecting a cloud drive (consent URL)',
    errors: [503],
  },
  'POST /api/v1/cloud-storage/:provider/folders': {
    summary: 'Create a folder on a cloud drive',
    body: cloudCreateFolderSchema,
    status: 201,
    errors: [409, 503],
  },
  'POST /api/v1/cloud-storage/:provider/files': {
    summary: 'Upload a file to a cloud drive (base64)',
    body: cloudUploadSchema,
    status: 201,
    errors: [409, 413, 503],
  },
  'POST /api/v1/documents': {
    summary: "Store a document where its type's policy says (base64)",
    body: documentUploadSchema,
    status: 201,
    errors: [409, 413, 503],
  },
  'GET /api/v1/documents/file': {
    summary: 'Download a document of app storage under its uploaded name',
    query: documentFileQuerySchema,
    produces: 'application/octet-stream',
    errors: [503],
  },

  // Cross-app and HubSpot
  'GET /api/v1/cross-app/targets': {
    summary: 'Sister apps I can open',
    response: crossAppTargetsResponseSchema,
  },
  'POST /api/v1/cross-app/links': {
    summary: 'A link with a one-time code to a sister app',
    body: createCrossAppLinkSchema,
    status: 201,
  },
  'GET /api/v1/hubspot/status': {
    summary: 'Whether a HubSpot token is configured',
    response: hubspotStatusResponseSchema,
  },
};
