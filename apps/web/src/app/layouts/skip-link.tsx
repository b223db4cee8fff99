/** "Skip to main content": the first Tab stop of the signed-in shells, shown only while focused. */
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus moves by hand: the hash alone would scroll but leave focus (and the router's URL) as it was.
  event.preventDefault();
  main.focus();
}

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToMain}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-100 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}
