import { describe, expect, it } from 'vitest';
import { resolveTab } from './holidays-view';

describe('resolveTab', () => {
  it.each([
    [null, null, false, 'overview'],
    ['calendar', null, false, 'calendar'],
    ['request', null, true, 'request'],
    [null, 'sick', false, 'request'],
    [null, 'nonsense', false, 'overview'],
    ['bogus', null, false, 'overview'],
    ['approvals', null, false, 'requests'],
    ['approvals', null, true, 'approvals'],
    ['requests', null, false, 'requests'],
    ['requests', null, true, 'overview'],
  ] as const)('tab=%s type=%s line manager=%s opens %s', (tab, type, manager, expected) => {
    expect(resolveTab(tab, type, manager)).toBe(expected);
  });

  it('opens Reports for super admins only', () => {
    expect(resolveTab('reports', null, true, true)).toBe('reports');
    expect(resolveTab('reports', null, true, false)).toBe('overview');
    expect(resolveTab('reports', null, false)).toBe('overview');
  });
});
