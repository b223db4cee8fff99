/**
 * "Resend verification email" for a sign-in refused because the address is not verified yet. Plain
 * state, no TanStack Query: it sits in the sign-in page's first chunk (ADR 0125).
 */
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button-classes';
import { errorMessage } from '@/lib/api-client';
import { resendVerification } from '../api/resend-verification';

type Outcome = { kind: 'sent'; message: string } | { kind: 'failed'; error: unknown } | null;

export function ResendVerification({ email }: { email: string }) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const resend = async () => {
    setPending(true);
    try {
      const { message } = await resendVerification({ email });
      setOutcome({ kind: 'sent', message });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-2">
      {outcome?.kind === 'sent' && <Alert variant="success">{outcome.message}</Alert>}
      {outcome?.kind === 'failed' && <Alert variant="destructive">{errorMessage(outcome.error)}</Alert>}
      <button
        type="button"
        className={buttonClasses('outline')}
        disabled={pending || !email}
        onClick={() => void resend()}
      >
        {pending ? 'Sending...' : 'Resend verification email'}
      </button>
    </div>
  );
}
