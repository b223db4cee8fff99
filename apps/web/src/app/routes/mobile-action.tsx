/** The big tappable rows of the mobile pages: a link, a phone link, or a disabled action with its hint. */
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/class-names';

const ROW =
  'flex w-full items-center gap-4 rounded-lg border bg-card p-4 text-left shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring';

function Body({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description?: string }) {
  return (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold">{title}</span>
        {description && <span className="text-sm text-muted-foreground">{description}</span>}
      </span>
    </>
  );
}

export interface MobileActionProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** In-app route. */
  to?: string;
  /** External href such as tel:. */
  href?: string;
  /** Why the action is unavailable; set it to render the action disabled. */
  disabledHint?: string;
}

export function MobileAction({ icon, title, description, to, href, disabledHint }: MobileActionProps) {
  const hintId = useId();
  if (disabledHint !== undefined || (!to && !href)) {
    return (
      <div>
        <button
          type="button"
          disabled
          aria-describedby={hintId}
          className={cn(ROW, 'cursor-not-allowed opacity-70')}
        >
          <Body icon={icon} title={title} description={description} />
        </button>
        <p id={hintId} className="mt-1 px-1 text-xs text-slate-600">
          {disabledHint}
        </p>
      </div>
    );
  }
  if (href) {
    return (
      <a href={href} className={cn(ROW, 'hover:bg-accent')}>
        <Body icon={icon} title={title} description={description} />
      </a>
    );
  }
  return (
    <Link to={to ?? '/'} className={cn(ROW, 'hover:bg-accent')}>
      <Body icon={icon} title={title} description={description} />
    </Link>
  );
}
