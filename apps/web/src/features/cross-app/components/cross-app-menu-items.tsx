/** User-menu entries that open the sister CRM / HR app with the user's context (a one-time code). */
import { CROSS_APP_MESSAGES, type CrossAppTarget } from '@hr/shared/cross-app/cross-app-constants';
import { ExternalLink } from 'lucide-react';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { type CreateLinkBody, useCreateCrossAppLink } from '../api/create-cross-app-link';
import { useCrossAppTargets } from '../api/get-cross-app-targets';

/**
 * The sister app opens in a new tab: the tab is opened synchronously in the click (so no popup
 * blocker refuses it) and sent to the server's URL once the code exists. The promise of
 * `mutateAsync` is used rather than `mutate`'s callbacks, which never run once the closed menu has
 * unmounted this component (the reason the entries used to do nothing).
 */
export function openSisterApp(
  target: CrossAppTarget,
  createLink: (body: CreateLinkBody) => Promise<{ url: string }>,
): Promise<void> {
  const tab = window.open('', '_blank');
  // The sister app must not be able to script this page.
  if (tab) tab.opener = null;
  return createLink({
    target,
    returnUrl: window.location.href,
    breadcrumb: [{ title: document.title, path: window.location.pathname }],
  }).then(
    ({ url }) => {
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    },
    (error: unknown) => {
      tab?.close();
      notify.error(
        error instanceof ApiError && error.status === 401
          ? CROSS_APP_MESSAGES.authRequired
          : errorMessage(error),
      );
    },
  );
}

export function CrossAppMenuItems() {
  const targets = useCrossAppTargets();
  const link = useCreateCrossAppLink();
  const open = (target: CrossAppTarget) => void openSisterApp(target, link.mutateAsync);
  return (
    <>
      {targets.data?.targets.map(({ target, label }) => (
        <DropdownMenuItem key={target} onSelect={() => open(target)} disabled={link.isPending}>
          <ExternalLink aria-hidden="true" />
          Open {label} app
        </DropdownMenuItem>
      ))}
    </>
  );
}
