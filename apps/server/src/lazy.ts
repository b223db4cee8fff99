/**
 * A module loaded on first use instead of at start (ADR 0135): `lazy(() => import('pkg'))` returns a
 * function that imports it once and hands every caller the same promise. The heavy packages only some
 * requests need (the PGlite driver on PostgreSQL, React Email, the Slack, S3 and SMTP clients, the
 * iCalendar writer) stay out of the server's resident memory until then. A failed import is retried
 * by the next call.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
