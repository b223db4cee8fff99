import { describe, expect, it } from 'vitest';
import { isRouteActive } from './route-match';

describe('isRouteActive', () => {
  it('matches / only exactly', () => {
    expect(isRouteActive('/', '/')).toBe(true);
    expect(isRouteActive('/holidays', '/')).toBe(false);
  });

  it('matches other routes by prefix', () => {
    expect(isRouteActive('/settings', '/settings')).toBe(true);
    expect(isRouteActive('/settings/users', '/settings')).toBe(true);
    expect(isRouteActive('/settingsx', '/settings')).toBe(false);
  });
});
