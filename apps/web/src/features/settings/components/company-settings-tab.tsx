/**
 * Company Settings: HR Settings, Product Settings and Cloud Storage Settings, saved together; then the
 * Leave rules and the closures, each saved on its own.
 */
import {
  CLOUD_FOLDER_STRUCTURES,
  COMPANY_SETTINGS_DEFAULTS,
  PRIMARY_CLOUD_PROVIDERS,
  WEEKDAYS,
  type Weekday,
} from '@hr/shared/company/company-settings';
import {
  type CompanySettings,
  type CompanySettingsRequest,
  companySettingsRequestSchema,
  MONTH_NAMES,
  orderedWeekdays,
  SETTINGS_MESSAGES,
  yearEndMonth,
} from '@hr/shared/settings/settings.schemas';
import { type FormEvent, useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { RegionSelect } from '@/components/region-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { firstMessageByField } from '@/lib/field-errors';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCompanySettings } from '../api/get-company-settings';
import { useSaveCompanySettings } from '../api/save-company-settings';
import { CalendarFeedSettingCard } from './calendar-feed-setting-card';
import { CompanyCalendarCard } from './company-calendar-card';
import { companySettingsSaveError } from './company-settings-errors';
import { LeaveRulesCard } from './leave-rules-card';

const PROVIDER_LABELS: Record<(typeof PRIMARY_CLOUD_PROVIDERS)[number], string> = {
  supabase: 'Built-in storage',
  google_drive: 'Google Drive',
  microsoft_onedrive: 'Microsoft OneDrive',
};
const FOLDER_LABELS: Record<(typeof CLOUD_FOLDER_STRUCTURES)[number], string> = {
  'company/department/date': 'Company / Department / Date',
  'department/date': 'Department / Date',
  'date/department': 'Date / Department',
  flat: 'Flat (no folders)',
};
const dayLabel = (d: Weekday) => d.charAt(0).toUpperCase() + d.slice(1);

interface Draft extends Omit<CompanySettingsRequest, 'fullTimeHoursPerDay' | 'annualHolidayDaysEntitlement'> {
  fullTimeHoursPerDay: string;
  annualHolidayDaysEntitlement: string;
}

const toDraft = (s: CompanySettings): Draft => ({
  ...s,
  fullTimeHoursPerDay: String(s.fullTimeHoursPerDay),
  annualHolidayDaysEntitlement: String(s.annualHolidayDaysEntitlement),
});

/** Empty number fields fall back to the spec's defaults (7.5 hours, 28 days). */
function toRequest(d: Draft): CompanySettingsRequest {
  const num = (v: string, fallback: number) => (v.trim() === '' ? fallback : Number(v));
  return {
    fullTimeHoursPerDay: num(d.fullTimeHoursPerDay, COMPANY_SETTINGS_DEFAULTS.fullTimeHoursPerDay),
    annualHolidayDaysEntitlement: num(
      d.annualHolidayDaysEntitlement,
      COMPANY_SETTINGS_DEFAULTS.annualHolidayDaysEntitlement,
    ),
    holidayYearStartMonth: d.holidayYearStartMonth,
    financialYearStartMonth: d.financialYearStartMonth,
    workingDaysPattern: orderedWeekdays(d.workingDaysPattern),
    roundRspToWholeNumbers: d.roundRspToWholeNumbers,
    cloudStorageEnabled: d.cloudStorageEnabled,
    primaryCloudProvider: d.primaryCloudProvider,
    cloudStorageFolderStructure: d.cloudStorageFolderStructure,
    defaultRegion: d.defaultRegion,
  };
}

/** `readOnly` (View level): every field disabled and no Save Settings. */
export function CompanySettingsTab({ readOnly = false }: { readOnly?: boolean }) {
  const settings = useCompanySettings();
  const { data: me } = useMe();
  // The calendar feed setting is the super admins' (the server allows the developer too).
  const superAdmin = me?.role === 'super_admin' || me?.role === 'developer';
  const { data, isPending, isError } = settings;
  if (isPending) return <Spinner label="Loading company settings" />;
  if (isError) return <LoadError title={SETTINGS_MESSAGES.settingsFailed} query={settings} />;
  return (
    <div className="grid gap-6">
      <CompanySettingsForm settings={data} readOnly={readOnly} />
      <LeaveRulesCard readOnly={readOnly} />
      <CompanyCalendarCard />
      {superAdmin && <CalendarFeedSettingCard readOnly={readOnly} />}
    </div>
  );
}

/** A year's start month (chosen) and its end month (calculated: the month before), as one pair. */
function YearStartFields({
  startId,
  endId,
  year,
  month,
  error,
  onChange,
}: {
  startId: string;
  endId: string;
  year: 'Holiday year' | 'Financial year';
  month: number;
  error: string | undefined;
  onChange: (month: number) => void;
}) {
  return (
    <>
      <FormField id={startId} label={`${year} start month`} error={error}>
        <NativeSelect
          id={startId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${startId}-error` : undefined}
          value={month}
          onChange={(e) => onChange(Number(e.target.value))}
        >
          {MONTH_NAMES.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={endId} label={`${year} end month`} hint="Calculated from the start month">
        <Input id={endId} readOnly value={MONTH_NAMES[yearEndMonth(month) - 1]} className="bg-muted" />
      </FormField>
    </>
  );
}

function CompanySettingsForm({ settings, readOnly }: { settings: CompanySettings; readOnly: boolean }) {
  const id = useId();
  const ids = {
    hours: `${id}-hours`,
    days: `${id}-days`,
    holidayStart: `${id}-holiday-start`,
    holidayEnd: `${id}-holiday-end`,
    financialStart: `${id}-financial-start`,
    financialEnd: `${id}-financial-end`,
    round: `${id}-round`,
    cloud: `${id}-cloud`,
    provider: `${id}-provider`,
    folders: `${id}-folders`,
    region: `${id}-region`,
  };
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCompanySettings();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const aria = (fieldId: string, key: string) => ({
    id: fieldId,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${fieldId}-error` : undefined,
  });

  const toggleDay = (day: Weekday, on: boolean) =>
    set(
      'workingDaysPattern',
      on
        ? orderedWeekdays([...draft.workingDaysPattern, day])
        : draft.workingDaysPattern.filter((d) => d !== day),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = companySettingsRequestSchema.safeParse(toRequest(draft));
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error.issues));
      notify.error(SETTINGS_MESSAGES.fixValidation);
      return;
    }
    setErrors({});
    notify.info(SETTINGS_MESSAGES.savingSettings);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        notify.success(SETTINGS_MESSAGES.settingsSaved, SETTINGS_MESSAGES.settingsSavedDescription);
      },
      onError: (error) => {
        const { title, description } = companySettingsSaveError(error);
        notify.error(title, description);
      },
    });
  };

  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      {/* A disabled fieldset disables every control in it, the checkboxes and selects included. */}
      <fieldset disabled={readOnly} className="contents">
        <Card>
          <CardHeader>
            <CardTitle>HR Settings</CardTitle>
            <CardDescription>Working hours, holiday entitlement and the company's years.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <FormField
              id={ids.hours}
              label="Full-time hours per day"
              error={errors.fullTimeHoursPerDay}
              hint="0.5 to 24, in steps of 0.5"
            >
              <Input
                {...aria(ids.hours, 'fullTimeHoursPerDay')}
                type="number"
                inputMode="decimal"
                min={0.5}
                max={24}
                step={0.5}
                value={draft.fullTimeHoursPerDay}
                onChange={(e) => set('fullTimeHoursPerDay', e.target.value)}
              />
            </FormField>
            <FormField
              id={ids.days}
              label="Annual holiday entitlement (days)"
              error={errors.annualHolidayDaysEntitlement}
              hint="0 to 365"
            >
              <Input
                {...aria(ids.days, 'annualHolidayDaysEntitlement')}
                type="number"
                inputMode="decimal"
                min={0}
                max={365}
                step={0.5}
                value={draft.annualHolidayDaysEntitlement}
                onChange={(e) => set('annualHolidayDaysEntitlement', e.target.value)}
              />
            </FormField>
            <YearStartFields
              startId={ids.holidayStart}
              endId={ids.holidayEnd}
              year="Holiday year"
              month={draft.holidayYearStartMonth}
              error={errors.holidayYearStartMonth}
              onChange={(month) => set('holidayYearStartMonth', month)}
            />
            <YearStartFields
              startId={ids.financialStart}
              endId={ids.financialEnd}
              year="Financial year"
              month={draft.financialYearStartMonth}
              error={errors.financialYearStartMonth}
              onChange={(month) => set('financialYearStartMonth', month)}
            />
            <FormField
              id={ids.region}
              label="Default region for public holidays"
              error={errors.defaultRegion}
              hint="Bank holidays of employees without a region of their own"
            >
              <RegionSelect
                {...aria(ids.region, 'defaultRegion')}
                value={draft.defaultRegion ?? 'england-and-wales'}
                onChange={(e) => set('defaultRegion', e.target.value)}
              />
            </FormField>
            <fieldset
              className="grid gap-2 md:col-span-2"
              aria-describedby={errors.workingDaysPattern ? `${id}-days-error` : undefined}
            >
              <legend className="mb-2 text-sm font-medium">Working days</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-3">
                {WEEKDAYS.map((day) => (
                  <div key={day} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-${day}`}
                      checked={draft.workingDaysPattern.includes(day)}
                      onCheckedChange={(checked) => toggleDay(day, checked === true)}
                    />
                    <Label htmlFor={`${id}-${day}`} className="font-normal">
                      {dayLabel(day)}
                    </Label>
                  </div>
                ))}
              </div>
              {errors.workingDaysPattern && (
                <p id={`${id}-days-error`} className="text-sm text-destructive">
                  {errors.workingDaysPattern}
                </p>
              )}
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Product Settings</CardTitle>
          </CardHeader>
          <CardContent>
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={ids.round}>Round RSP to whole numbers</Label>
              <Switch
                id={ids.round}
                checked={draft.roundRspToWholeNumbers}
                onCheckedChange={(v) => set('roundRspToWholeNumbers', v)}
              />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Cloud Storage Settings</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <div className="flex items-center justify-between gap-4 md:col-span-2">
              <Label htmlFor={ids.cloud}>Cloud storage enabled</Label>
              <Switch
                id={ids.cloud}
                checked={draft.cloudStorageEnabled}
                onCheckedChange={(v) => set('cloudStorageEnabled', v)}
              />
            </div>
            <FormField id={ids.provider} label="Primary provider">
              <NativeSelect
                id={ids.provider}
                value={draft.primaryCloudProvider}
                onChange={(e) => set('primaryCloudProvider', e.target.value as Draft['primaryCloudProvider'])}
              >
                {PRIMARY_CLOUD_PROVIDERS.map((p) => (
                  <option key={p} value={p}>
                    {PROVIDER_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={ids.folders} label="Folder structure">
              <NativeSelect
                id={ids.folders}
                value={draft.cloudStorageFolderStructure}
                onChange={(e) =>
                  set('cloudStorageFolderStructure', e.target.value as Draft['cloudStorageFolderStructure'])
                }
              >
                {CLOUD_FOLDER_STRUCTURES.map((f) => (
                  <option key={f} value={f}>
                    {FOLDER_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </CardContent>
        </Card>
      </fieldset>

      {!readOnly && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      )}
    </form>
  );
}
