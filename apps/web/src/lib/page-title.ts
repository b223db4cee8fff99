/** The browser tab's title: "<page> - Northwind HR", set by each route's page. */
import { useEffect } from 'react';

export const APP_NAME = 'Northwind HR';

export function pageTitle(title: string): string {
  return title ? `${title} - ${APP_NAME}` : APP_NAME;
}

/** Sets document.title while the calling page is shown (the next page sets its own). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
