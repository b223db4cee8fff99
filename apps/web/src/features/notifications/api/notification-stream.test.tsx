import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceCompanyChanged } from '@/lib/company-changed';
import { meQueryKey } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';
import { NOTIFICATION_STREAM_URL, useNotificationStream } from './notification-stream';

/** A stand-in for the browser's EventSource (jsdom has none): records instances and lets tests fire events. */
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
  emit(type: string) {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(type, { data: '{}' }));
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}

function Probe() {
  useNotificationStream();
  return null;
}

describe('useNotificationStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('re-reads the list on connect and on each event, and reconnects after the server went away', async () => {
    const client = new QueryClient();
    client.setQueryData(notificationsQueryKey, { notifications: [], unreadCount: 0 });
    const stale = () => client.getQueryState(notificationsQueryKey)?.isInvalidated;
    const view = render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const first = FakeEventSource.instances[0] as FakeEventSource;
    expect(first.url).toBe(NOTIFICATION_STREAM_URL);

    first.emit('ready');
    expect(stale()).toBe(true);
    client.setQueryData(notificationsQueryKey, { notifications: [], unreadCount: 0 });
    first.emit('notification');
    expect(stale()).toBe(true);

    // A restart answered with an error status: EventSource gives up, we open a new one after 1 s.
    first.fail();
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    client.setQueryData(notificationsQueryKey, { notifications: [], unreadCount: 0 });
    (FakeEventSource.instances[1] as FakeEventSource).emit('ready');
    expect(stale()).toBe(true);

    // A company switch re-reads too.
    client.setQueryData(notificationsQueryKey, { notifications: [], unreadCount: 0 });
    announceCompanyChanged();
    expect(stale()).toBe(true);

    view.unmount();
    expect((FakeEventSource.instances[1] as FakeEventSource).readyState).toBe(FakeEventSource.CLOSED);
  });

  it('stops for good and re-reads the session when the server says it is gone', async () => {
    const client = new QueryClient();
    client.setQueryData(meQueryKey, null);
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.instances[0] as FakeEventSource;
    source.emit('ready');
    source.emit('signed-out');
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(client.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
    source.fail();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
