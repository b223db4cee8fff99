/** What an approver sees beside a request (issue 18): the server's remaining days and who else is away. */
import type { PendingApproval } from '@hr/shared/hr/holidays.schemas';

export function remainingText(request: PendingApproval): string {
  return request.remainingDays === null ? 'No balance' : `${request.remainingDays} days remaining`;
}

export function othersAwayText(request: PendingApproval): string {
  return request.othersAway.length
    ? `Also away: ${request.othersAway.join(', ')}`
    : 'Nobody else in the team is away';
}
