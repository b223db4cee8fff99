/** /orders: the parts-ordering view, every part still to order or receive, job by job. */
import { PartsOrdersList } from '@/features/workshop/components/parts-orders-list';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';

export default function OrdersPage() {
  usePageTitle(routeTitle(paths.orders));
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Orders</h1>
      <p className="mt-1 mb-6 text-muted-foreground">
        Parts to order from suppliers and deliveries to book in, most urgent job first.
      </p>
      <PartsOrdersList />
    </div>
  );
}
