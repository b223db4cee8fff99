/** The Company details form: legal and trading names, logo, and the list of addresses. */
import {
  ADDRESS_DEFAULTS,
  ADDRESS_TYPES,
  type Address,
  type CompanyDetails,
} from '@hr/shared/company/company-details.schemas';
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import { ImageUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ImageUploadButton } from '@/components/image-upload-button';
import { PendingConfirmDialog } from '@/components/pending-confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRemoveLogo } from '../api/remove-logo';
import { useUpdateCompanyDetails } from '../api/update-company-details';
import { useUploadLogo } from '../api/upload-logo';

type AddressDraft = Omit<Address, 'address_line_2'> & { address_line_2: string };

const newAddress = (): AddressDraft => ({
  id: crypto.randomUUID(),
  type: ADDRESS_DEFAULTS.type,
  address_line_1: '',
  address_line_2: '',
  city: '',
  postcode: '',
  country: ADDRESS_DEFAULTS.country,
});

const ADDRESS_FIELDS = [
  ['address_line_1', 'Address Line 1'],
  ['address_line_2', 'Address Line 2'],
  ['city', 'City'],
  ['postcode', 'Postcode'],
  ['country', 'Country'],
] as const;

export function CompanyDetailsForm({ details }: { details: CompanyDetails }) {
  const ids = { legal: useId(), trading: useId() };
  const [legalName, setLegalName] = useState(details.legalName);
  const [tradingName, setTradingName] = useState(details.tradingName ?? '');
  const [addresses, setAddresses] = useState<AddressDraft[]>(
    details.addresses.map((a) => ({ ...a, address_line_2: a.address_line_2 ?? '' })),
  );
  const [legalError, setLegalError] = useState<string>();
  const save = useUpdateCompanyDetails();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const setAddress = (id: string, field: keyof AddressDraft, value: string) =>
    setAddresses((list) => list.map((a) => (a.id === id ? { ...a, [field]: value } : a)));

  const onImage = (file: File) => {
    upload.mutate(file, {
      onSuccess: () => notify.success(COMPANY_MESSAGES.logoUploaded),
      onError: (error) => notify.error(COMPANY_MESSAGES.logoUploadFailed, errorMessage(error)),
    });
  };

  const removeLogo = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmingRemove(false);
        notify.success(COMPANY_MESSAGES.logoRemoved);
      },
      onError: (error) => notify.error(COMPANY_MESSAGES.logoRemoveFailed, errorMessage(error)),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!legalName.trim()) {
      setLegalError(COMPANY_MESSAGES.legalNameRequired);
      return;
    }
    setLegalError(undefined);
    save.mutate(
      { legalName, tradingName, addresses },
      {
        onSuccess: () => notify.success(COMPANY_MESSAGES.saved),
        onError: (error) => notify.error(COMPANY_MESSAGES.saveFailed, errorMessage(error)),
      },
    );
  };

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Company Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={ids.legal}>Legal Name *</Label>
            <Input
              id={ids.legal}
              value={legalName}
              onChange={(e) => setLegalName(e.target.value)}
              required
              aria-invalid={legalError ? true : undefined}
              aria-describedby={legalError ? `${ids.legal}-error` : undefined}
            />
            {legalError && (
              <p id={`${ids.legal}-error`} className="text-sm text-destructive">
                {legalError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.trading}>Trading Name</Label>
            <Input id={ids.trading} value={tradingName} onChange={(e) => setTradingName(e.target.value)} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Company Logo</CardTitle>
          <CardDescription>PNG, JPEG, GIF or WebP, up to 2 MB.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          <div className="flex h-20 w-40 items-center justify-center rounded-md border bg-muted/40">
            {details.logoUrl ? (
              <img
                src={details.logoUrl}
                alt="Company logo"
                className="max-h-16 max-w-36 object-contain"
                data-testid="company-details-logo"
              />
            ) : (
              <span className="text-xs text-muted-foreground">No logo</span>
            )}
          </div>
          <ImageUploadButton
            label="Upload Logo"
            inputLabel="Upload company logo"
            icon={<ImageUp aria-hidden="true" />}
            pending={upload.isPending}
            onImage={onImage}
          />
          {details.logoUrl && (
            <Button
              type="button"
              variant="outline"
              onClick={() => setConfirmingRemove(true)}
              disabled={upload.isPending || remove.isPending}
            >
              <Trash2 aria-hidden="true" />
              Remove Logo
            </Button>
          )}
          <PendingConfirmDialog
            open={confirmingRemove}
            title="Remove Logo"
            description="Remove the company logo? The header and emails show the company's name alone until a new logo is uploaded."
            cancelLabel="Keep Logo"
            confirmLabel="Remove Logo"
            pendingLabel="Removing..."
            pending={remove.isPending}
            onConfirm={removeLogo}
            onClose={() => setConfirmingRemove(false)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Addresses</CardTitle>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setAddresses((l) => [...l, newAddress()])}
          >
            <Plus aria-hidden="true" />
            Add Address
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          {addresses.length === 0 && <p className="text-sm text-muted-foreground">No addresses yet.</p>}
          {addresses.map((address, index) => (
            <fieldset key={address.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">Address {index + 1}</legend>
              <div className="grid gap-2">
                <Label htmlFor={`${address.id}-type`}>Type</Label>
                <NativeSelect
                  id={`${address.id}-type`}
                  value={address.type}
                  onChange={(e) => setAddress(address.id, 'type', e.target.value)}
                >
                  {[...new Set([...ADDRESS_TYPES, address.type])].map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {ADDRESS_FIELDS.map(([field, label]) => (
                <div key={field} className="grid gap-2">
                  <Label htmlFor={`${address.id}-${field}`}>{label}</Label>
                  <Input
                    id={`${address.id}-${field}`}
                    value={address[field]}
                    onChange={(e) => setAddress(address.id, field, e.target.value)}
                  />
                </div>
              ))}
              <div className="sm:col-span-2">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setAddresses((l) => l.filter((a) => a.id !== address.id))}
                >
                  <Trash2 aria-hidden="true" />
                  Remove address {index + 1}
                </Button>
              </div>
            </fieldset>
          ))}
        </CardContent>
      </Card>

      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Company Details'}
        </Button>
      </div>
    </form>
  );
}
