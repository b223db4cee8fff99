/** /holidays: Holiday Management for every signed-in user; line managers get the Approvals tab. */
import { MY_RECENT_LIMIT } from '@hr/shared/hr/holiday-constants';
import type { QueryClient } from '@tanstack/react-query';
import { holidayBalanceQueryOptions } from '@/features/holidays/api/get-balance';
import { myRequestsQueryOptions } from '@/features/holidays/api/list-my-requests';
import { upcomingQueryOptions } from '@/features/holidays/api/list-upcoming';
import { HolidaysView } from '@/features/holidays/components/holidays-view';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';

/**
 * The reads of the first screen, started by the router as soon as this module is in, beside the
 * session read (ADR 0130): the balance (the page's largest element) always, and on the Overview
 * (no `tab`, or `tab=overview`) the recent requests and the team's holidays. Errors stay in the
 * cache for the page's own queries to show or retry.
 */
export function prefetch(client: QueryClient, search: string): void {
  void client.prefetchQuery(holidayBalanceQueryOptions);
  const tab = new URLSearchParams(search).get('tab');
  if (tab !== null && tab !== 'overview') return;
  void client.prefetchQuery(myRequestsQueryOptions(MY_RECENT_LIMIT));
  void client.prefetchQuery(upcomingQueryOptions);
}

export default function HolidaysPage() {
  usePageTitle(routeTitle(paths.holidays));
  const { data: me } = useMe();
  return (
    <HolidaysView
      isLineManager={me?.profile.isLineManager ?? false}
      isSuperAdmin={me?.role === 'super_admin'}
    />
  );
}
