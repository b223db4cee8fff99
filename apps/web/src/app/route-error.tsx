/** The router's fallback screen for errors outside a page (a failed route module load, say). */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      {detail && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
      <Button onClick={() => window.location.reload()}>Reload Page</Button>
    </main>
  );
}
