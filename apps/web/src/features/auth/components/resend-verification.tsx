/** "Resend verification email" for a sign-in refused because the address is not verified yet. */
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';

export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="grid gap-2">
      {resend.isSuccess && <Alert variant="success">{resend.data.message}</Alert>}
      {resend.isError && <Alert variant="destructive">{errorMessage(resend.error)}</Alert>}
      <Button
        type="button"
        variant="outline"
        disabled={resend.isPending || !email}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
