/**
 * Handles `?crossApp=` when a sister app sends the user back: the parameter is removed from the
 * URL and "Returned from {source} app" shows with Go Back; failures show the spec's toasts. Only a
 * sister app the server is configured for (GET /api/v1/cross-app/targets) may be named, and Go Back
 * leads only to that app's origin; anything else is the failure toast. The parser (and zod with
 * it) loads only then: this component sits in every page's first route.
 */
import { CROSS_APP_MESSAGES, CROSS_APP_PARAM } from '@hr/shared/cross-app/cross-app-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '@/lib/session';
import { notify, TOAST_DURATIONS } from '@/lib/toast';
import { crossAppTargetsQueryOptions } from '../api/get-cross-app-targets';

export function CrossAppReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me, isPending } = useMe();
  // Captured on the first render: the sign-in guard may redirect before the session is known.
  const firstParam = useRef(new URLSearchParams(window.location.search).get(CROSS_APP_PARAM));

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const raw = params.get(CROSS_APP_PARAM);
    if (isPending) return;
    if (!me) {
      if (firstParam.current) notify.error(CROSS_APP_MESSAGES.authRequired);
      firstParam.current = null;
      return;
    }
    firstParam.current = null;
    if (!raw) return;
    params.delete(CROSS_APP_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    void Promise.all([
      import('../lib/return-context'),
      queryClient.fetchQuery(crossAppTargetsQueryOptions).catch(() => ({ targets: [] })),
    ]).then(([{ readReturnContext }, { targets }]) => {
      const context = readReturnContext(raw, targets);
      if (!context) {
        notify.error(CROSS_APP_MESSAGES.authFailed);
        return;
      }
      const { returnUrl } = context;
      notify.withAction(
        CROSS_APP_MESSAGES.returnedFrom(context.source),
        TOAST_DURATIONS.success,
        returnUrl
          ? { label: CROSS_APP_MESSAGES.goBack, onClick: () => window.location.assign(returnUrl) }
          : undefined,
      );
    });
  }, [location, me, isPending, navigate, queryClient]);

  return null;
}
