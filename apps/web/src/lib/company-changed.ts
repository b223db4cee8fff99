/**
 * The one company-changed signal of the browser: after a developer switches company every cached
 * query belongs to another company, so the switch announces it and each feature reloads its own
 * queries. One event name, one way to announce it, one way to listen.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const COMPANY_CHANGED_EVENT = 'company-changed';

/** Tells every listener that the signed-in user now works in another company. */
export function announceCompanyChanged(): void {
  window.dispatchEvent(new Event(COMPANY_CHANGED_EVENT));
}

/** Calls `listener` on each company change; returns the function that stops listening. */
export function onCompanyChanged(listener: () => void): () => void {
  window.addEventListener(COMPANY_CHANGED_EVENT, listener);
  return () => window.removeEventListener(COMPANY_CHANGED_EVENT, listener);
}

/** While mounted, marks the queries under `queryKey` stale on each company change (they reload). */
export function useInvalidateOnCompanyChange(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  // The key's parts, not the array's identity: callers pass a fresh array each render.
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(keyText) as QueryKey;
    return onCompanyChanged(() => void queryClient.invalidateQueries({ queryKey: key }));
  }, [queryClient, keyText]);
}
