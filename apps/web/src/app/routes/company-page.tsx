/** /company: company details (super_admin and developer; the route guard shows Access Denied to others). */
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCompanyDetails } from '@/features/company/api/get-company-details';
import { CompanyDetailsForm } from '@/features/company/components/company-details-form';
import { viewOnlyOn } from '@/lib/access';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';

export default function CompanyPage() {
  usePageTitle(routeTitle(paths.company));
  const { data: me } = useMe();
  const details = useCompanyDetails();
  // Company-settings at View: the details show, saving would be refused (ADR 0057).
  const viewOnly = viewOnlyOn(me, 'company-settings', 'admin') !== null;
  useEffect(() => {
    if (details.isError) notify.error(COMPANY_MESSAGES.loadFailed);
  }, [details.isError]);
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="flex items-center gap-3">
        <Link to={paths.home} className={buttonClasses('ghost', 'icon')} aria-label="Back to dashboard">
          <ArrowLeft aria-hidden="true" />
        </Link>
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Company Details</h1>
          <p className="text-muted-foreground">Your company's names, logo and addresses.</p>
        </div>
      </div>
      {viewOnly && (
        <Alert>
          <AlertDescription>
            View only: your access level lets you see the company details but not save changes.
          </AlertDescription>
        </Alert>
      )}
      {details.isPending ? (
        <Spinner label="Loading company details" />
      ) : details.isError ? (
        <LoadError title={COMPANY_MESSAGES.loadFailed} query={details} />
      ) : (
        // Keyed by id: after a company switch the form starts again from the new company's details.
        <CompanyDetailsForm key={details.data.id} details={details.data} />
      )}
    </div>
  );
}
