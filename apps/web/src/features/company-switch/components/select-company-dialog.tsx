/**
 * The Select Company dialog opened from the header menu (developers only): active companies by name,
 * shown by their display name; Switch is disabled until another company is chosen, and while saving.
 */
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { notify } from '@/lib/toast';
import { useCompanies } from '../api/get-companies';
import { useSwitchCompany } from '../api/switch-company';

export function SelectCompanyDialog({
  open,
  onOpenChange,
  currentCompanyId,
  currentCompanyName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentCompanyId?: string | null;
  currentCompanyName: string | null;
}) {
  const companies = useCompanies(open);
  const switcher = useSwitchCompany();
  const [chosen, setChosen] = useState<string | null>(currentCompanyId ?? null);

  useEffect(() => {
    if (open) setChosen(currentCompanyId ?? null);
  }, [open, currentCompanyId]);

  useEffect(() => {
    if (companies.isError) notify.error(COMPANY_MESSAGES.loadCompaniesFailed);
  }, [companies.isError]);

  const canSwitch = Boolean(chosen) && chosen !== currentCompanyId && !switcher.isPending;

  const submit = () => {
    if (!chosen || !canSwitch) return;
    switcher.mutate(
      { companyId: chosen },
      {
        onSuccess: () => {
          notify.success(COMPANY_MESSAGES.switched);
          onOpenChange(false);
        },
        onError: () => notify.error(COMPANY_MESSAGES.switchFailed),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Select Company</DialogTitle>
          <DialogDescription>
            Current company:{' '}
            <span className="font-medium text-foreground">{currentCompanyName ?? 'No company'}</span>
          </DialogDescription>
        </DialogHeader>
        {companies.isPending ? (
          <Spinner label="Loading companies" />
        ) : companies.isError ? (
          <LoadError title={COMPANY_MESSAGES.loadCompaniesFailed} query={companies} />
        ) : (
          <div role="radiogroup" aria-label="Companies" className="grid max-h-72 gap-1 overflow-y-auto">
            {companies.data.companies.map((company) => {
              const selected = chosen === company.id;
              return (
                // biome-ignore lint/a11y/useSemanticElements: a styled button row acts as the radio option.
                <button
                  key={company.id}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  onClick={() => setChosen(company.id)}
                  className={cn(
                    'flex items-center justify-between rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                    selected && 'border-primary bg-accent',
                  )}
                >
                  <span>
                    <span className="font-medium">{company.displayName}</span>
                    {company.id === currentCompanyId && (
                      <span className="ml-2 text-xs text-muted-foreground">(current)</span>
                    )}
                  </span>
                  {selected && <Check className="size-4 text-primary" aria-hidden="true" />}
                </button>
              );
            })}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!canSwitch}>
            {switcher.isPending ? 'Switching...' : 'Switch'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
