/**
 * Sign-up and forgot-password, loaded when shown (ADRs 0105, 0125): with them come zod, react-hook-form
 * and TanStack Query. On the sign-in page's own entry there is no app-wide query client, so they
 * bring one for their requests; inside the app they use the app's.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignUpForm } from './sign-up-form';

let ownClient: QueryClient | undefined;

function WithQueryClient({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext);
  if (appClient) return children;
  ownClient ??= new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={ownClient}>{children}</QueryClientProvider>;
}

export function SignUpPanel() {
  return (
    <WithQueryClient>
      <SignUpForm />
    </WithQueryClient>
  );
}

export function ForgotPasswordPanel({ onBack }: { onBack: () => void }) {
  return (
    <WithQueryClient>
      <ForgotPasswordForm onBack={onBack} />
    </WithQueryClient>
  );
}
