/** User-menu entries that open the sister CRM / HR app with the user's context (a one-time code). */
import { CROSS_APP_MESSAGES, type CrossAppTarget } from '@hr/shared/cross-app/cross-app-constants';
import { ExternalLink } from 'lucide-react';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCreateCrossAppLink } from '../api/create-cross-app-link';
import { useCrossAppTargets } from '../api/get-cross-app-targets';

export function CrossAppMenuItems() {
  const targets = useCrossAppTargets();
  const link = useCreateCrossAppLink();
  const open = (target: CrossAppTarget) =>
    link.mutate(
      {
        target,
        returnUrl: window.location.href,
        breadcrumb: [{ title: document.title, path: window.location.pathname }],
      },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) =>
          notify.error(
            error instanceof ApiError && error.status === 401
              ? CROSS_APP_MESSAGES.authRequired
              : error.message,
          ),
      },
    );
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
