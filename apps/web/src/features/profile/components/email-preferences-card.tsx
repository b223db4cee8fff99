/**
 * The User Profile's "Email notifications" card (issue 19): one switch per optional email, saved
 * together with a toast. A password reset (and an invitation) is always sent, so it has no switch.
 */
import {
  EMAIL_PREFERENCE_LABELS,
  EMAIL_PREFERENCE_MESSAGES,
  type EmailPreferences,
  OPTIONAL_EMAIL_KINDS,
} from '@hr/shared/email/email-preferences.schemas';
import { useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/email-preferences';

export function EmailPreferencesCard() {
  const preferences = useEmailPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>
          Choose which emails you receive. Password reset emails are always sent.
        </CardDescription>
      </CardHeader>
      {preferences.isPending ? (
        <CardContent>
          <Spinner label="Loading email preferences" />
        </CardContent>
      ) : preferences.isError ? (
        <CardContent>
          <LoadError title={EMAIL_PREFERENCE_MESSAGES.loadFailed} query={preferences} />
        </CardContent>
      ) : (
        <EmailPreferencesForm saved={preferences.data} />
      )}
    </Card>
  );
}

function EmailPreferencesForm({ saved }: { saved: EmailPreferences }) {
  const [draft, setDraft] = useState<EmailPreferences>(saved);
  const save = useSaveEmailPreferences();
  const baseId = useId();
  const dirty = OPTIONAL_EMAIL_KINDS.some((kind) => draft[kind] !== saved[kind]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft, {
          onSuccess: (next) => {
            setDraft(next);
            notify.success(EMAIL_PREFERENCE_MESSAGES.saved);
          },
          onError: (error) => notify.error(EMAIL_PREFERENCE_MESSAGES.saveFailed, errorMessage(error)),
        });
      }}
    >
      <CardContent className="grid gap-4">
        {OPTIONAL_EMAIL_KINDS.map((kind) => {
          const id = `${baseId}-${kind}`;
          return (
            <div key={kind} className="flex items-start justify-between gap-4">
              <div className="grid gap-1">
                <Label htmlFor={id}>{EMAIL_PREFERENCE_LABELS[kind].label}</Label>
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {EMAIL_PREFERENCE_LABELS[kind].description}
                </p>
              </div>
              <Switch
                id={id}
                aria-describedby={`${id}-hint`}
                checked={draft[kind]}
                disabled={save.isPending}
                onCheckedChange={(value) => setDraft((d) => ({ ...d, [kind]: value }))}
              />
            </div>
          );
        })}
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save email preferences'}
        </Button>
      </CardFooter>
    </form>
  );
}
