import { Construction } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title';

/** A page whose screen is built by a later piece of work: its title and an honest note. */
export default function PlaceholderPage({ title, note }: { title: string; note?: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{note ?? 'This page is not available yet.'}</p>
    </section>
  );
}
