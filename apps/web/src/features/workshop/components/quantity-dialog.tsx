/** A dialog asking for one quantity (order a part, receive a delivery). The server validates it; its message shows inline. */
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';

export interface QuantityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  defaultValue: number;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when saved; a rejection's message is shown under the field. */
  onSubmit: (quantity: number) => Promise<unknown>;
  children?: ReactNode;
}

export function QuantityDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  defaultValue,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: QuantityDialogProps) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(String(defaultValue));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setValue(String(defaultValue));
      setError(null);
    }
  }, [open, defaultValue]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const quantity = Number(value);
    if (value.trim() === '' || !Number.isFinite(quantity) || quantity <= 0) {
      setError(WORKSHOP_MESSAGES.quantityPositive);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(quantity);
      onOpenChange(false);
    } catch (cause) {
      setError(cause instanceof ApiError ? (cause.fields?.quantity ?? cause.message) : errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={busy ? undefined : onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{label}</Label>
            <Input
              id={inputId}
              type="number"
              inputMode="decimal"
              min={0.01}
              step="any"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              autoFocus
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
