/**
 * Handles `?crossApp=` when a sister app sends the user back: the parameter is removed from the
 * URL and "Returned from {source} app" shows with Go Back; failures show the spec's toasts. The
 * parser (and zod with it) loads only then: this component sits in every page's first route.
 */
import { CROSS_APP_MESSAGES, CROSS_APP_PARAM } from '@hr/shared/cross-app/cross-app-constants';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useMe } from '@/lib/session';
import { notify, TOAST_DURATIONS } from '@/lib/toast';

export function CrossAppReturn() {
  const location = useLocation();
  const navigate = useNavigate();
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
    void import('../lib/return-context').then(({ parseReturnContext }) => {
      const context = parseReturnContext(raw);
      if (!context) {
        notify.error(CROSS_APP_MESSAGES.authFailed);
        return;
      }
      const { returnUrl } = context;
      toast.info(CROSS_APP_MESSAGES.returnedFrom(context.source), {
        duration: TOAST_DURATIONS.success,
        ...(returnUrl
          ? {
              action: {
                label: CROSS_APP_MESSAGES.goBack,
                onClick: () => window.location.assign(returnUrl),
              },
            }
          : {}),
      });
    });
  }, [location, me, isPending, navigate]);

  return null;
}
