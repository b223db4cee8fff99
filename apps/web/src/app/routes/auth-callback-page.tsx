/** /auth/callback: where a cloud-drive sign-in popup lands. The cloud storage feature completes it. */
export default function AuthCallbackPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-xl font-semibold">Cloud drive sign-in</h1>
      <p className="text-sm text-muted-foreground">
        Connecting a cloud drive is not available yet. You can close this window.
      </p>
    </main>
  );
}
