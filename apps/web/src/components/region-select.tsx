/**
 * A select of public-holiday regions: the UK nations first, then other countries and states. With
 * `emptyLabel` it offers '' first (an employee without a region of their own uses the company's).
 */
import type { ComponentProps } from 'react';
import { useRegions } from '@/lib/regions';
import { NativeSelect } from './ui/native-select';

export function RegionSelect({
  value,
  emptyLabel,
  ...props
}: Omit<ComponentProps<'select'>, 'value' | 'children'> & { value: string; emptyLabel?: string }) {
  const regions = useRegions();
  const items = regions.data?.items ?? [];
  const known = items.some((r) => r.key === value);
  return (
    <NativeSelect value={value} {...props}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {/* Until the list arrives (or for a key it does not hold) the current value stays selectable. */}
      {value && !known && <option value={value}>{value}</option>}
      {items.map((r) => (
        <option key={r.key} value={r.key}>
          {r.name}
        </option>
      ))}
    </NativeSelect>
  );
}
