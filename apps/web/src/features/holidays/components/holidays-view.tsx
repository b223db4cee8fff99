/**
 * /holidays: title, Holiday Balance and Quick Actions cards, and the four tabs. The tab, the holiday
 * type and the calendar month can be deep-linked: ?tab=request|calendar|approvals|requests|overview|reports (super admins),
 * ?type=sick (opens Request Holiday with Sick Leave), ?month=yyyy-MM.
 */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPES, type HolidayType } from '@hr/shared/hr/holiday-constants';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInvalidateOnCompanyChange } from '@/lib/company-changed';
import { notify } from '@/lib/toast';
import { holidayKeys } from '../api/keys';
import { isMonth, localToday, monthLabel, monthOf } from '../lib/dates';
import { BalanceCard } from './balance-card';
import { CalendarFeedsCard } from './calendar-feeds-card';
import { type QuickAction, QuickActionsCard } from './quick-actions-card';
import { RecentRequestsList } from './recent-requests-list';
import { LoadingRows } from './states';
import { TeamHolidaysList } from './team-holidays-list';

/**
 * What the first screen does not show loads when it is shown (ADR 0130): the other tabs, and the
 * cards only line managers and super admins get. Pointing at or focusing a tab or a quick action
 * starts the load before the press.
 */
const load = {
  request: () => import('./request-holiday-form').then((m) => ({ default: m.RequestHolidayForm })),
  calendar: () => import('./team-calendar').then((m) => ({ default: m.TeamCalendar })),
  approvals: () => import('./approvals-table').then((m) => ({ default: m.ApprovalsTable })),
  requests: () => import('./my-requests'),
  reports: () => import('./reports-panel').then((m) => ({ default: m.ReportsPanel })),
};
const RequestHolidayForm = lazy(load.request);
const TeamCalendar = lazy(load.calendar);
const ApprovalsTable = lazy(load.approvals);
const MyRequestsTable = lazy(load.requests);
const ReportsPanel = lazy(load.reports);
const RecordSicknessCard = lazy(() =>
  import('./record-sickness-card').then((m) => ({ default: m.RecordSicknessCard })),
);
const LeaveAdminCard = lazy(() => import('./leave-admin-card').then((m) => ({ default: m.LeaveAdminCard })));

/** Starts loading a tab's code; a failure shows when the tab renders (the page's error boundary). */
const preload =
  (...tabs: (keyof typeof load)[]) =>
  () => {
    for (const tab of tabs) void load[tab]().catch(() => undefined);
  };

/** A tab trigger's handlers that load its content's code before the press. */
const intent = (tab: keyof typeof load) => ({ onPointerEnter: preload(tab), onFocus: preload(tab) });

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingRows label="Loading" />}>{children}</Suspense>;
}

export type HolidayTab = 'overview' | 'request' | 'calendar' | 'approvals' | 'requests' | 'reports';
const TABS: readonly string[] = ['overview', 'request', 'calendar', 'approvals', 'requests', 'reports'];

function isHolidayType(value: string | null): value is HolidayType {
  return value !== null && (HOLIDAY_TYPES as readonly string[]).includes(value);
}

/**
 * The tab to show for the URL: line managers have Approvals where others have My Requests; only
 * super admins have Reports.
 */
export function resolveTab(
  tab: string | null,
  type: string | null,
  isLineManager: boolean,
  isSuperAdmin = false,
): HolidayTab {
  const wanted =
    tab && TABS.includes(tab) ? (tab as HolidayTab) : isHolidayType(type) ? 'request' : 'overview';
  if (wanted === 'reports' && !isSuperAdmin) return 'overview';
  if (wanted === 'approvals' && !isLineManager) return 'requests';
  // A line manager's own requests sit in the Overview.
  if (wanted === 'requests' && isLineManager) return 'overview';
  return wanted;
}

/** Brings `target` to the top when it is not already in the upper half of the screen (phones). */
function reveal(target: { current: HTMLElement | null }, behavior: ScrollBehavior = 'smooth') {
  requestAnimationFrame(() => {
    const top = target.current?.getBoundingClientRect().top;
    if (top !== undefined && (top < 0 || top > window.innerHeight / 2)) {
      target.current?.scrollIntoView({ behavior, block: 'start' });
    }
  });
}

export function HolidaysView({
  isLineManager,
  isSuperAdmin = false,
}: {
  isLineManager: boolean;
  /** Super admins also get Leave Administration (rollover, sickness totals) on the Overview, and Reports. */
  isSuperAdmin?: boolean;
}) {
  useInvalidateOnCompanyChange(holidayKeys.all);
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const type = params.get('type');
  const tab = resolveTab(params.get('tab'), type, isLineManager, isSuperAdmin);
  const monthParam = params.get('month');
  const month = isMonth(monthParam) ? monthParam : monthOf(today);
  const myRequestsRef = useRef<HTMLDivElement>(null);
  const tabsRef = useRef<HTMLDivElement>(null);

  // A deep link (?tab= or ?type=) lands on its tab, which on a phone sits below the cards.
  const deepLinked = useRef(params.has('tab') || params.has('type'));
  useEffect(() => {
    if (deepLinked.current) reveal(tabsRef, 'auto');
  }, []);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // A link naming no real month (?month=0000-13) shows this month: the calendar says so (once per
  // link), and the month leaves the address so that the address and the calendar agree.
  const refusedMonth = useRef<string | null>(null);
  useEffect(() => {
    if (monthParam === null || isMonth(monthParam)) {
      refusedMonth.current = null;
      return;
    }
    if (refusedMonth.current === monthParam) return;
    refusedMonth.current = monthParam;
    if (tab === 'calendar') notify.info(HOLIDAY_MESSAGES.badMonthLink(monthLabel(month)));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('month');
        return next;
      },
      { replace: true },
    );
  }, [monthParam, month, tab, setParams]);

  const onQuickAction = (action: QuickAction) => {
    if (action === 'requests' && isLineManager) {
      update({ tab: 'overview' });
      reveal(myRequestsRef);
      return;
    }
    update({ tab: action });
    reveal(tabsRef);
  };

  const fourth: HolidayTab = isLineManager ? 'approvals' : 'requests';

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Holiday Management</h1>
        <p className="mt-1 text-muted-foreground">Manage your holiday requests and view team availability.</p>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <BalanceCard />
        </div>
        <div className="lg:col-span-3">
          <QuickActionsCard onAction={onQuickAction} onIntent={(action) => preload(action)()} />
        </div>
      </div>

      <Tabs
        ref={tabsRef}
        className="scroll-mt-16"
        value={tab}
        onValueChange={(value) => update({ tab: value })}
      >
        <TabsList className="grid! h-auto! w-full grid-cols-2 gap-1 sm:inline-flex! sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="request" {...intent('request')}>
            Request Holiday
          </TabsTrigger>
          <TabsTrigger value="calendar" {...intent('calendar')}>
            Team Calendar
          </TabsTrigger>
          <TabsTrigger value={fourth} {...intent(isLineManager ? 'approvals' : 'requests')}>
            {isLineManager ? 'Approvals' : 'My Requests'}
          </TabsTrigger>
          {isSuperAdmin && (
            <TabsTrigger value="reports" {...intent('reports')}>
              Reports
            </TabsTrigger>
          )}
        </TabsList>

        {/* One minmax(0, 1fr) column: an implicit auto column grows to the widest table inside it
            (the line manager's My Requests), which made the whole page wider than the window. */}
        <TabsContent value="overview" className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader className="pb-2">
                <CardTitle>My Recent Requests</CardTitle>
                <CardDescription>Your latest holiday requests</CardDescription>
              </CardHeader>
              <CardContent>
                <RecentRequestsList />
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="pb-2">
                <CardTitle>Team Holidays</CardTitle>
                <CardDescription>Upcoming approved holidays</CardDescription>
              </CardHeader>
              <CardContent>
                <TeamHolidaysList />
              </CardContent>
            </Card>
          </div>
          {isLineManager && (
            <Card ref={myRequestsRef} className="scroll-mt-20">
              <CardHeader className="pb-2">
                <CardTitle>My Requests</CardTitle>
                <CardDescription>All your holiday requests and their status</CardDescription>
              </CardHeader>
              <CardContent>
                <Loading>
                  <MyRequestsTable today={today} />
                </Loading>
              </CardContent>
            </Card>
          )}
          <CalendarFeedsCard />
          {(isLineManager || isSuperAdmin) && (
            <Loading>
              <RecordSicknessCard today={today} />
            </Loading>
          )}
          {isSuperAdmin && (
            <Loading>
              <LeaveAdminCard />
            </Loading>
          )}
        </TabsContent>

        <TabsContent value="request">
          <Card>
            <CardHeader>
              <CardTitle>Request Holiday</CardTitle>
              <CardDescription>
                Choose your dates; weekends and days off are not counted as working days.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Loading>
                <RequestHolidayForm today={today} initialType={isHolidayType(type) ? type : 'annual'} />
              </Loading>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="calendar">
          <Card>
            <CardHeader className="pb-2">
              <CardTitle>Team Calendar</CardTitle>
              <CardDescription>Approved holidays across the company</CardDescription>
            </CardHeader>
            <CardContent>
              <Loading>
                <TeamCalendar month={month} today={today} onMonthChange={(next) => update({ month: next })} />
              </Loading>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value={fourth}>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle>{isLineManager ? 'Pending Approvals' : 'My Requests'}</CardTitle>
              <CardDescription>
                {isLineManager
                  ? 'Requests from your team waiting for your decision'
                  : 'All your holiday requests and their status'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Loading>{isLineManager ? <ApprovalsTable /> : <MyRequestsTable today={today} />}</Loading>
            </CardContent>
          </Card>
        </TabsContent>

        {isSuperAdmin && (
          <TabsContent value="reports">
            <Loading>
              <ReportsPanel />
            </Loading>
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
