/** Joins class names, skipping empty ones (the shadcn `cn`, without tailwind-merge). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
