import { describe, expect, it } from 'vitest';
import { activeTab } from './mobile-shell';

describe('the bottom tab bar', () => {
  it('highlights the tab of the mobile page and of the full page it leads to', () => {
    expect(activeTab('/mobile-home')).toBe('Home');
    expect(activeTab('/mobile-holiday')).toBe('Holidays');
    expect(activeTab('/holidays')).toBe('Holidays');
    expect(activeTab('/mobile-absence')).toBe('Absence');
    expect(activeTab('/expenses')).toBe('Expenses');
    expect(activeTab('/profile')).toBeNull();
  });
});
