import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';
import { UNKNOWN_PAGE_TITLE } from '@/lib/route-titles';

export default function NotFoundPage() {
  usePageTitle(UNKNOWN_PAGE_TITLE);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-3 bg-muted p-6 text-center">
      <h1 className="text-6xl font-bold text-primary">404</h1>
      <p className="text-xl text-slate-700">Oops! Page not found</p>
      <Link to="/" className={buttonClasses('default', 'default', 'mt-2')}>
        Return to Home
      </Link>
    </main>
  );
}
