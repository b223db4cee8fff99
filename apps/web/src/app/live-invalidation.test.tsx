import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { employeeKeys } from '@/features/employees/api/keys';
import { holidayKeys } from '@/features/holidays/api/keys';
import { useNotificationStream } from '@/features/notifications/api/notification-stream';
import { queryKeysAffectedBy } from './live-invalidation';

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown = {}) {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const KEYS = {
  myRequests: holidayKeys.myRequests(),
  recentRequests: holidayKeys.myRequests(5),
  balance: holidayKeys.balance(),
  approvals: holidayKeys.approvals(),
  calendar: holidayKeys.calendar('2026-12'),
  calendarDay: holidayKeys.calendarDay('2026-12-30'),
  upcoming: holidayKeys.upcoming(),
  employees: [...employeeKeys.all, 'list', {}],
  workingDays: holidayKeys.workingDays('2026-12-01', '2026-12-02'),
};
type Name = keyof typeof KEYS;

function clientWithData() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
  const stale = () =>
    (Object.keys(KEYS) as Name[]).filter((name) => client.getQueryState(KEYS[name])?.isInvalidated).sort();
  return { client, stale };
}

async function invalidateFor(type: string | undefined) {
  const { client, stale } = clientWithData();
  await Promise.all(queryKeysAffectedBy(type).map((queryKey) => client.invalidateQueries({ queryKey })));
  return stale();
}

describe('what a live notification makes stale', () => {
  it('a decision refreshes my requests, balance, calendar, upcoming and the employee balances', async () => {
    expect(await invalidateFor('holiday_decision')).toEqual(
      ['balance', 'calendar', 'calendarDay', 'employees', 'myRequests', 'recentRequests', 'upcoming'].sort(),
    );
  });
  it('a new request to decide refreshes the approvals', async () => {
    expect(await invalidateFor('holiday_request')).toEqual(['approvals']);
  });
  it('an unknown type refreshes everything a notification can report', async () => {
    expect(await invalidateFor('something_new')).toEqual(Object.keys(KEYS).sort());
  });
});

function Probe() {
  useNotificationStream(true, queryKeysAffectedBy);
  return null;
}

describe('the stream applies the mapping', () => {
  const decisionId = '5b0f3c1e-2d4a-4c8e-9f10-111111111111';
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              notifications: [
                {
                  id: decisionId,
                  type: 'holiday_decision',
                  title: 'Holiday request approved',
                  message: 'Your request for Annual Leave, 2026-12-30 to 2027-01-05 was approved.',
                  isRead: false,
                  readAt: null,
                  createdAt: new Date().toISOString(),
                },
              ],
              unreadCount: 1,
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("an approval arriving live makes the requester's rows and balance stale without a reload", async () => {
    const { client, stale } = clientWithData();
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.instances[0] as FakeEventSource;
    source.emit('ready');
    expect(stale()).toEqual([]);
    source.emit('notification', { op: 'INSERT', id: decisionId });
    await vi.waitFor(() => expect(stale()).toContain('myRequests'));
    expect(stale()).toEqual(
      ['balance', 'calendar', 'calendarDay', 'employees', 'myRequests', 'recentRequests', 'upcoming'].sort(),
    );
  });

  it('a read mark (UPDATE) refreshes only the list; a reconnect refreshes everything live', async () => {
    const { client, stale } = clientWithData();
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.instances[0] as FakeEventSource;
    source.emit('ready');
    source.emit('notification', { op: 'UPDATE', id: decisionId });
    await Promise.resolve();
    expect(stale()).toEqual([]);
    source.emit('resync');
    expect(stale()).toEqual(Object.keys(KEYS).sort());
  });
});
