import { MESSAGES } from '@hr/shared/errors';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';

export function AccessDenied({ message = MESSAGES.accessDenied }: { message?: string }) {
  usePageTitle('Access Denied');
  return (
    <section
      className="flex flex-col items-center justify-center gap-3 py-16 text-center"
      aria-labelledby="access-denied"
    >
      <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 id="access-denied" className="text-2xl font-bold">
        Access Denied
      </h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <Link to="/" className={buttonClasses('outline', 'default', 'mt-2')}>
        Return to Dashboard
      </Link>
    </section>
  );
}

export default AccessDenied;
