/** Where you are (Main Dashboard > page) and a way back to the previous page. */
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { routeTitle } from '@/lib/route-titles';
import { useNavigationHistory } from '../navigation-history';

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const { previous, goBack } = useNavigationHistory();
  const title = routeTitle(pathname);
  const atHome = pathname === '/';

  return (
    <div className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b px-4 py-1.5 md:px-6">
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            {atHome ? (
              <span aria-current="page" className="font-medium text-foreground">
                Main Dashboard
              </span>
            ) : (
              <Link to="/" className="hover:text-foreground hover:underline">
                Main Dashboard
              </Link>
            )}
          </li>
          {!atHome && (
            <>
              <li aria-hidden="true">
                <ChevronRight className="size-3.5" />
              </li>
              <li
                aria-current="page"
                className="font-medium text-foreground"
                data-testid="breadcrumb-current"
              >
                {title}
              </li>
            </>
          )}
        </ol>
      </nav>
      {!atHome && (
        <Button variant="ghost" size="sm" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          Back to {previous.title}
        </Button>
      )}
    </div>
  );
}
