import { Hourglass } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title';

/** Attendance, Expenses and Performance: the spec's "Coming Soon" placeholders. */
export default function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <Hourglass className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-lg text-muted-foreground">Coming Soon</p>
    </section>
  );
}
