/**
 * The signed-in app shell (sidebar or phone tab bar, header, notifications, chat, the password-change
 * dialog): its own chunk, loaded by `RequireAuth` while the session loads, so the sign-in page never
 * downloads it (ADR 0105).
 */
import type { Me } from '@/lib/session';
import { AppLayout } from './layouts/app-layout';
import { PasswordChangeProvider } from './password-change';

export default function SignedInShell({ me }: { me: Me }) {
  return (
    <PasswordChangeProvider me={me}>
      <AppLayout me={me} />
    </PasswordChangeProvider>
  );
}
