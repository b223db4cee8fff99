/** The parts of one job: what is needed, what is on the shelf, what is ordered and received, and the actions on each. */

import type { Job, Part } from '@hr/shared/workshop/workshop.schemas';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import { PackageCheck, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  STICKY_ACTIONS,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { notify } from '@/lib/toast';
import { useOrderPart } from '../api/order-part';
import { useReceivePart } from '../api/receive-part';
import type { WorkshopAbilities } from '../workshop-access';
import { formatQuantity } from './format';
import { QuantityDialog } from './quantity-dialog';
import { PART_STATE_LABELS, StatusPill } from './status-pill';

type PendingAction = { kind: 'order' | 'receive'; part: Part } | null;

export interface PartActions {
  /** The order button's label, or null when the part cannot be ordered from here. */
  order: 'Order' | 'Order more' | 'Change' | null;
  receive: boolean;
  /** The quantity the order dialog proposes: the total to have on order. */
  orderDefault: number;
  /** Why a part still short cannot be ordered. */
  note: string | null;
}

/**
 * What may be done with a part (the server checks the same): order what is short, change an open
 * order, order more when everything ordered arrived but the shortfall is not covered, receive while
 * some of the order is still to follow. A part the component database does not know cannot be ordered.
 */
export function partActionsOf(p: Part, abilities: WorkshopAbilities, locked: boolean): PartActions {
  const toFollow = Math.round((p.quantityOrdered - p.quantityReceived) * 100) / 100;
  const short = p.state === 'part_received' && toFollow <= 0;
  const orderable = p.state === 'to_order' || p.state === 'ordered' || short;
  const canOrder = abilities.canOrder && !locked && orderable && p.known;
  return {
    order: canOrder ? (p.state === 'to_order' ? 'Order' : short ? 'Order more' : 'Change') : null,
    receive:
      abilities.canReceive &&
      !locked &&
      (p.state === 'ordered' || p.state === 'part_received') &&
      toFollow > 0,
    orderDefault: p.isOrdered
      ? Math.round((p.quantityOrdered + (short ? p.orderQuantity : 0)) * 100) / 100
      : p.orderQuantity || p.quantity,
    note: !p.known && orderable ? 'Not in the component database: add it there to order it.' : null,
  };
}

export function PartsTable({
  job,
  parts = job.parts,
  abilities,
  caption,
}: {
  job: Job;
  parts?: Part[];
  abilities: WorkshopAbilities;
  caption: string;
}) {
  const [action, setAction] = useState<PendingAction>(null);
  const orderPart = useOrderPart();
  const receivePart = useReceivePart();
  const locked = job.isComplete;

  if (parts.length === 0) return <p className="text-sm text-muted-foreground">This job needs no parts.</p>;

  const part = action?.part;
  return (
    <>
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Part number</TableHead>
            <TableHead>Name</TableHead>
            <TableHead className="text-right">Required</TableHead>
            <TableHead className="text-right">On hand</TableHead>
            <TableHead className="text-right">Shortfall</TableHead>
            <TableHead className="text-right">Ordered</TableHead>
            <TableHead className="text-right">Received</TableHead>
            <TableHead>Supplier</TableHead>
            <TableHead className={STICKY_ACTIONS}>State and actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {parts.map((p) => {
            const state = PART_STATE_LABELS[p.state];
            const actions = partActionsOf(p, abilities, locked);
            return (
              <TableRow key={p.id} data-testid={`part-${p.partNumber}`}>
                <TableCell className="font-mono text-xs whitespace-nowrap">{p.partNumber}</TableCell>
                <TableCell className="min-w-32">{p.name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQuantity(p.quantity)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQuantity(p.onHand)}</TableCell>
                <TableCell
                  className={`text-right tabular-nums ${p.orderQuantity > 0 ? 'font-semibold text-destructive' : ''}`}
                >
                  {formatQuantity(p.orderQuantity)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {p.isOrdered ? formatQuantity(p.quantityOrdered) : '-'}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {p.isOrdered ? formatQuantity(p.quantityReceived) : '-'}
                  {p.isPartialDelivery && (
                    <span className="block text-xs text-muted-foreground">
                      {formatQuantity(p.balanceToFollow)} to follow
                    </span>
                  )}
                </TableCell>
                <TableCell className="min-w-28">{p.supplier ?? 'Unknown'}</TableCell>
                <TableCell className={STICKY_ACTIONS}>
                  <div className="flex min-w-40 flex-wrap items-center gap-2">
                    <StatusPill tone={state.tone}>{state.label}</StatusPill>
                    {actions.order && (
                      <Button
                        size="sm"
                        variant={actions.order === 'Change' ? 'outline' : 'default'}
                        onClick={() => setAction({ kind: 'order', part: p })}
                        aria-label={`${actions.order === 'Change' ? 'Change order of' : actions.order} ${p.partNumber}`}
                      >
                        <ShoppingCart aria-hidden="true" />
                        {actions.order}
                      </Button>
                    )}
                    {actions.note && <span className="text-xs text-muted-foreground">{actions.note}</span>}
                    {actions.receive && (
                      <Button
                        size="sm"
                        onClick={() => setAction({ kind: 'receive', part: p })}
                        aria-label={`Receive ${p.partNumber}`}
                      >
                        <PackageCheck aria-hidden="true" />
                        Receive
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <QuantityDialog
        open={action?.kind === 'order'}
        onOpenChange={(open) => !open && setAction(null)}
        title={`Order ${part?.partNumber ?? ''}`}
        description={
          part
            ? `${part.name} from ${part.supplier ?? 'an unknown supplier'}. Shortfall: ${formatQuantity(part.orderQuantity)}.`
            : ''
        }
        label="Quantity ordered"
        defaultValue={part ? partActionsOf(part, abilities, locked).orderDefault : 1}
        submitLabel="Mark ordered"
        busyLabel="Saving..."
        onSubmit={async (quantity) => {
          if (!part) return;
          await orderPart.mutateAsync({ jobId: job.id, index: part.index, quantity });
          notify.success(WORKSHOP_MESSAGES.partOrdered);
        }}
      />
      <QuantityDialog
        open={action?.kind === 'receive'}
        onOpenChange={(open) => !open && setAction(null)}
        title={`Receive ${part?.partNumber ?? ''}`}
        description={
          part
            ? `${formatQuantity(part.quantityOrdered)} ordered, ${formatQuantity(part.quantityReceived)} received so far. Enter less than the balance for a partial delivery; the rest stays to follow.`
            : ''
        }
        label="Quantity delivered"
        defaultValue={part ? Math.round((part.quantityOrdered - part.quantityReceived) * 100) / 100 : 1}
        submitLabel="Receive"
        busyLabel="Receiving..."
        onSubmit={async (quantity) => {
          if (!part) return;
          await receivePart.mutateAsync({ jobId: job.id, index: part.index, quantity });
          notify.success(WORKSHOP_MESSAGES.deliveryReceived);
        }}
      />
    </>
  );
}
