/**
 * "How is this calculated?": the terms of a leave balance as the server returned them (ADR 0090),
 * each signed, ending with what remains, and how the year's entitlement was worked out. The browser
 * adds nothing up: every number comes from the server.
 */
import type { BalanceLineDto } from '@hr/shared/hr/holidays.schemas';

function signed(days: number, last: boolean): string {
  const n = Math.round(days * 10) / 10;
  return !last && n > 0 ? `+${n}` : String(n);
}

export function BalanceLines({
  lines,
  calculation,
  label = 'How is this calculated?',
}: {
  lines: readonly BalanceLineDto[];
  calculation: readonly string[];
  label?: string;
}) {
  return (
    <details className="group rounded-md border p-3 text-sm">
      <summary className="cursor-pointer font-medium">{label}</summary>
      <table className="mt-3 w-full" aria-label="Balance calculation">
        <tbody>
          {lines.map((line, index) => {
            const last = index === lines.length - 1;
            return (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: the server's lines have no id and never reorder.
                key={index}
                className={last ? 'border-t font-semibold' : undefined}
                data-testid="balance-line"
              >
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {line.label}
                  {line.detail ? (
                    <span className="block text-xs text-muted-foreground">{line.detail}</span>
                  ) : null}
                </th>
                <td className="py-1 text-right tabular-nums">{signed(line.days, last)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {calculation.length > 0 && (
        <div className="mt-3 text-xs text-muted-foreground">
          <p className="font-medium">Entitlement</p>
          <ul className="list-inside list-disc">
            {calculation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
