import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  type HistoryEntry,
  popCurrent,
  previousPage,
  recordVisit,
} from './navigation-history';
import { ROUTE_TITLES, routeTitle } from './route-titles';

function visit(paths: string[]): HistoryEntry[] {
  return paths.reduce<HistoryEntry[]>((history, path, i) => recordVisit(history, path, i), []);
}

describe('navigation history', () => {
  it('keeps only the last 10 pages, oldest dropped first', () => {
    const paths = Array.from({ length: 15 }, (_, i) => `/page-${i}`);
    const history = visit(paths);
    expect(HISTORY_LIMIT).toBe(10);
    expect(history).toHaveLength(10);
    expect(history.map((e) => e.path)).toEqual(paths.slice(5));
  });

  it('does not add the same page twice in a row', () => {
    expect(visit(['/', '/holidays', '/holidays']).map((e) => e.path)).toEqual(['/', '/holidays']);
  });

  it('replaces the entry when only the query of the same page changes (switching tabs)', () => {
    const history = visit(['/', '/holidays', '/holidays?tab=calendar', '/holidays?tab=approvals']);
    expect(history.map((e) => e.path)).toEqual(['/', '/holidays?tab=approvals']);
    expect(previousPage(history)).toEqual({ path: '/', title: 'Main Dashboard' });
  });

  it('titles each entry from the route-title table', () => {
    const [home, orders, unknown] = visit(['/', '/orders', '/nowhere']);
    expect(home?.title).toBe('Main Dashboard');
    expect(orders?.title).toBe('Orders');
    expect(unknown?.title).toBe('Unknown Page');
  });

  it('returns / titled Main Dashboard when the history is empty', () => {
    expect(previousPage([])).toEqual({ path: '/', title: 'Main Dashboard' });
  });

  it('returns / titled Main Dashboard when only the current page is known', () => {
    expect(previousPage(visit(['/finance']))).toEqual({ path: '/', title: 'Main Dashboard' });
  });

  it('returns the page before the current one', () => {
    const history = visit(['/', '/hire-orders', '/finance']);
    expect(previousPage(history)).toEqual({ path: '/hire-orders', title: 'Hire Orders' });
    expect(previousPage(popCurrent(history))).toEqual({ path: '/', title: 'Main Dashboard' });
  });
});

describe('route titles', () => {
  it.each([
    ['/', 'Main Dashboard'],
    ['/operations', 'Operations'],
    ['/customer-management', 'Customer Management'],
    ['/finance', 'Finance'],
    ['/hire-fleet-management', 'Hire Fleet Management'],
    ['/orders', 'Orders'],
    ['/hire-orders', 'Hire Orders'],
    ['/create-hire-order', 'Create Hire Order'],
    ['/sim-cards/create-order', 'Create SIM Card Order'],
    ['/subscriptions/customers', 'Customer Subscriptions'],
    ['/sim-card-management', 'SIM Card Management'],
    ['/holidays', 'Holiday Management'],
  ])('%s is titled %s', (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });

  it('ignores the query string, the hash and a trailing slash', () => {
    expect(routeTitle('/orders/?x=1#top')).toBe('Orders');
    expect(routeTitle('/holidays?type=sick')).toBe('Holiday Management');
  });

  it('titles unknown paths Unknown Page', () => {
    expect(routeTitle('/no-such-page')).toBe('Unknown Page');
    expect(routeTitle('/orders/123')).toBe('Unknown Page');
    expect(Object.hasOwn(ROUTE_TITLES, '/no-such-page')).toBe(false);
  });
});
