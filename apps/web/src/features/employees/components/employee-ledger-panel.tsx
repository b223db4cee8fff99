/**
 * The leave ledger of an employee in the Edit Employee dialog (ADRs 0090, 0092): this holiday year's
 * balance with every term, HR's opening balance and adjustments (each with a reason), and the end
 * date that archives a leaver. Every number comes from the server.
 */
import { MANUAL_LEDGER_KINDS, type ManualLedgerKind } from '@hr/shared/leave/allowance';
import { type FormEvent, useId, useState } from 'react';
import { BalanceLines } from '@/components/balance-lines';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useAddLedgerEntry, useEmployeeLedger, useSetEndDate } from '../api/ledger';

const KIND_LABELS: Record<ManualLedgerKind, string> = {
  opening_balance: 'Opening balance (replaces this year’s)',
  adjustment: 'Adjustment (TOIL, bought or sold days)',
};

function EntryForm({ employeeId }: { employeeId: string }) {
  const ids = { kind: useId(), days: useId(), reason: useId() };
  const add = useAddLedgerEntry(employeeId);
  const [kind, setKind] = useState<ManualLedgerKind>('opening_balance');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await add.mutateAsync({ kind, days: days.trim() === '' ? Number.NaN : Number(days), reason });
      notify.success('Leave ledger updated');
      setDays('');
      setReason('');
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields ?? {});
      notify.error(errorMessage(error, 'Failed to update the leave ledger'));
    }
  };

  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_8rem]" onSubmit={(e) => void submit(e)} noValidate>
      <FormField id={ids.kind} label="Entry" className="sm:col-span-2">
        <NativeSelect
          id={ids.kind}
          value={kind}
          onChange={(e) => setKind(e.target.value as ManualLedgerKind)}
        >
          {MANUAL_LEDGER_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id={ids.reason}
        label="Reason"
        error={errors.reason}
        hint="e.g. Taken before Northwind HR, TOIL granted"
      >
        <Input
          id={ids.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldAria(ids.reason, errors.reason, 'hint')}
        />
      </FormField>
      <FormField id={ids.days} label="Days (+/-)" error={errors.days}>
        <Input
          id={ids.days}
          inputMode="decimal"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          {...fieldAria(ids.days, errors.days)}
        />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          Add to ledger
        </Button>
      </div>
    </form>
  );
}

function EndDateForm({ employeeId, endDate }: { employeeId: string; endDate: string | null }) {
  const id = useId();
  const setEnd = useSetEndDate(employeeId);
  const [value, setValue] = useState(endDate ?? '');
  const save = async (next: string | null) => {
    try {
      await setEnd.mutateAsync(next);
      notify.success(next ? 'Leaver archived with an end date' : 'End date cleared');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save the end date'));
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField id={id} label="End date (leaver)" hint="Their login stops on this day; history is kept">
        <Input id={id} type="date" value={value} onChange={(e) => setValue(e.target.value)} />
      </FormField>
      <Button variant="outline" disabled={!value || setEnd.isPending} onClick={() => void save(value)}>
        Save end date
      </Button>
      {endDate && (
        <Button variant="ghost" disabled={setEnd.isPending} onClick={() => void save(null)}>
          Clear
        </Button>
      )}
    </div>
  );
}

export function EmployeeLedgerPanel({ employeeId }: { employeeId: string }) {
  const ledger = useEmployeeLedger(employeeId, true);
  return (
    <section className="grid gap-4 border-t pt-4" aria-labelledby={`${employeeId}-ledger`}>
      <h3 id={`${employeeId}-ledger`} className="font-semibold">
        Leave ledger
      </h3>
      {ledger.isPending ? (
        <Spinner label="Loading leave ledger" />
      ) : ledger.isError ? (
        <LoadError title="Failed to load the leave ledger" query={ledger} />
      ) : (
        <>
          <p className="text-sm" data-testid="ledger-summary">
            {`Allowance ${ledger.data.balance.total} · Used ${ledger.data.balance.used} · Remaining ${ledger.data.balance.remaining}`}
            {ledger.data.owedOnLeaving !== null &&
              ` · ${ledger.data.owedOnLeaving >= 0 ? 'Owed on leaving' : 'Over-taken on leaving'}: ${Math.abs(ledger.data.owedOnLeaving)} days`}
          </p>
          <BalanceLines
            lines={ledger.data.balance.lines}
            calculation={ledger.data.balance.entitlementCalculation}
            label="Balance calculation"
          />
          <EntryForm employeeId={employeeId} />
          <EndDateForm employeeId={employeeId} endDate={ledger.data.endDate} />
        </>
      )}
    </section>
  );
}
