/**
 * The security-event log as other features use it: they write events in their own transaction and
 * read the company's list through this service, never the repository (ADR 0068).
 */
export {
  insertSecurityEvent,
  listCompanySecurityEvents,
  type SecurityEventInput,
} from './security-events.repository.ts';
