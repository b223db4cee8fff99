import { Camera, FilePlus, Files } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { routeTitle } from '@/lib/route-titles';
import { MobileAction } from './mobile-action';

export default function MobileExpensePage() {
  usePageTitle(routeTitle(paths.mobileExpense));
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Expenses</h1>
        <p className="text-muted-foreground">Record what you spent for work.</p>
      </div>
      <MobileAction
        icon={Camera}
        title="Capture Receipt"
        description="Take a photo of a receipt"
        disabledHint="Receipt capture is not available yet."
      />
      <MobileAction
        icon={FilePlus}
        title="Enter Expense"
        description="Type in an expense claim"
        to={paths.expenses}
      />
      <MobileAction
        icon={Files}
        title="View Claims"
        description="See your submitted claims"
        to={paths.expenses}
      />
      <p role="note" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
        Tip: Submit your expenses within 30 days of purchase.
      </p>
    </section>
  );
}
