import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { AppToaster } from '@/components/app-toaster';
import { createQueryClient, installSessionEndHandler } from '@/lib/query-client';

export function AppProviders({
  children,
  client,
}: {
  children: ReactNode;
  /** The app's client, made before the router so the first page's reads start early (ADR 0130). */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useEffect(() => installSessionEndHandler(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
