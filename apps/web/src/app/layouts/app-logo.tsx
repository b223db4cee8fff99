import { useState } from 'react';

/** The logo image; hidden altogether when it fails to load. */
export function AppLogo({ className, src = '/logo.svg' }: { className?: string; src?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return <img src={src} alt="" className={className} onError={() => setFailed(true)} />;
}
