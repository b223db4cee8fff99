/**
 * Company Settings > Leave rules (ADR 0093): the carry-over cap and expiry, whether balances may go
 * negative, and per leave type whether it uses allowance and needs approval. Saved on its own with
 * Save Leave Rules; read-only at View (ADR 0071). The server checks every value again.
 */
import { HOLIDAY_TYPE_LABELS, HOLIDAY_TYPES, type HolidayType } from '@hr/shared/hr/holiday-constants';
import {
  LEAVE_SETTINGS_MESSAGES,
  type LeaveSettings,
  leaveSettingsSchema,
} from '@hr/shared/leave/leave.schemas';
import { SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { type FormEvent, useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { firstMessageByField } from '@/lib/field-errors';
import { notify } from '@/lib/toast';
import { useLeaveSettings, useSaveLeaveSettings } from '../api/leave-settings';

interface Draft extends Omit<LeaveSettings, 'carryOverCapDays'> {
  carryOverCapDays: string;
}

const toDraft = (s: LeaveSettings): Draft => ({ ...s, carryOverCapDays: String(s.carryOverCapDays) });

/** An empty cap is 0 (no carry-over); anything else is sent as typed for the schema to judge. */
const toSettings = (d: Draft): LeaveSettings => ({
  ...d,
  carryOverCapDays: d.carryOverCapDays.trim() === '' ? 0 : Number(d.carryOverCapDays),
});

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function LeaveRulesCard({ readOnly = false }: { readOnly?: boolean }) {
  const settings = useLeaveSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave rules</CardTitle>
        <CardDescription>
          Carry-over into the next holiday year, negative balances, and what each leave type uses and needs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label="Loading leave rules" />
        ) : settings.isError ? (
          <LoadError
            title={LEAVE_SETTINGS_MESSAGES.loadFailed}
            detail={errorMessage(settings.error)}
            query={settings}
          />
        ) : (
          <LeaveRulesForm key={JSON.stringify(settings.data)} settings={settings.data} readOnly={readOnly} />
        )}
      </CardContent>
    </Card>
  );
}

function LeaveRulesForm({ settings, readOnly }: { settings: LeaveSettings; readOnly: boolean }) {
  const id = useId();
  const ids = { cap: `${id}-cap`, expiry: `${id}-expiry`, negative: `${id}-negative` };
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveLeaveSettings();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggleType = (key: 'allowanceLeaveTypes' | 'approvalLeaveTypes', type: HolidayType, on: boolean) =>
    set(
      key,
      HOLIDAY_TYPES.filter((t) => (t === type ? on : draft[key].includes(t))),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = leaveSettingsSchema.safeParse(toSettings(draft));
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error.issues));
      notify.error(SETTINGS_MESSAGES.fixValidation);
      return;
    }
    setErrors({});
    // mutateAsync, not mutate's callbacks: saving replaces the query data, which remounts this form
    // (its key), and mutate's own callbacks do not run for an unmounted component.
    void save.mutateAsync(parsed.data).then(
      () => notify.success(LEAVE_SETTINGS_MESSAGES.saved),
      (error: unknown) => notify.error(LEAVE_SETTINGS_MESSAGES.saveFailed, errorMessage(error)),
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Leave rules"
      className="grid grid-cols-[minmax(0,1fr)] gap-6"
    >
      <fieldset disabled={readOnly} className="contents">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
          <FormField
            id={ids.cap}
            label="Carry-over cap (days)"
            error={errors.carryOverCapDays}
            hint="Unused days that move into the next holiday year; 0 for none"
          >
            <Input
              id={ids.cap}
              type="number"
              inputMode="decimal"
              min={0}
              max={365}
              step={0.5}
              value={draft.carryOverCapDays}
              onChange={(e) => set('carryOverCapDays', e.target.value)}
              {...fieldAria(ids.cap, errors.carryOverCapDays, 'hint')}
            />
          </FormField>
          <FormField
            id={ids.expiry}
            label="Carry-over expires"
            error={errors.carryOverExpiryMonths}
            hint="Carried-over days not taken by then expire"
          >
            <NativeSelect
              id={ids.expiry}
              value={draft.carryOverExpiryMonths ?? ''}
              onChange={(e) =>
                set('carryOverExpiryMonths', e.target.value === '' ? null : Number(e.target.value))
              }
              {...fieldAria(ids.expiry, errors.carryOverExpiryMonths, 'hint')}
            >
              <option value="">Never</option>
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m === 1 ? '1 month' : `${m} months`} into the new year
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex items-center justify-between gap-4 md:col-span-2">
            <Label htmlFor={ids.negative}>Allow negative balances</Label>
            <Switch
              id={ids.negative}
              checked={draft.allowNegativeBalance}
              onCheckedChange={(v) => set('allowNegativeBalance', v)}
            />
          </div>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Leave types</legend>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Leave types">
              <thead>
                <tr className="border-b text-left">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Type
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-medium">
                    Uses allowance
                  </th>
                  <th scope="col" className="py-2 pl-2 text-center font-medium">
                    Needs approval
                  </th>
                </tr>
              </thead>
              <tbody>
                {HOLIDAY_TYPES.map((type) => (
                  <tr key={type} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-2 text-left font-normal">
                      {HOLIDAY_TYPE_LABELS[type]}
                    </th>
                    <td className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        aria-label={`${HOLIDAY_TYPE_LABELS[type]} uses allowance`}
                        checked={draft.allowanceLeaveTypes.includes(type)}
                        onChange={(e) => toggleType('allowanceLeaveTypes', type, e.target.checked)}
                      />
                    </td>
                    <td className="py-2 pl-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        aria-label={`${HOLIDAY_TYPE_LABELS[type]} needs approval`}
                        checked={draft.approvalLeaveTypes.includes(type)}
                        onChange={(e) => toggleType('approvalLeaveTypes', type, e.target.checked)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-muted-foreground">
            A type that needs no approval is approved when it is booked.
          </p>
        </fieldset>
      </fieldset>
      {!readOnly && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Leave Rules'}
          </Button>
        </div>
      )}
    </form>
  );
}
