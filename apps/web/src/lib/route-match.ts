/** Whether a navigation entry is the current one: prefix match, except / which must match exactly. */
export function isRouteActive(pathname: string, route: string): boolean {
  if (route === '/') return pathname === '/';
  return pathname === route || pathname.startsWith(`${route}/`);
}
