import pino from 'pino';

/** The server's logger: JSON lines on stdout (or `destination`). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'hr-server' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: (err: unknown) => pino.stdSerializers.err(withoutQueryParameters(err) as Error) },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type Logger = ReturnType<typeof createLogger>;

/**
 * An error as it may be logged: a failed query keeps its text and its cause but loses its parameters.
 * Drizzle writes them into the message and keeps them as a property, and they can be a session token
 * (the session lookup), a search term or a person's details. Anything else is logged as it is.
 */
export function withoutQueryParameters(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const query = (err as { query?: unknown }).query;
  if (typeof query !== 'string' || !('params' in err)) return err;
  const cause = err.cause === undefined ? undefined : withoutQueryParameters(err.cause);
  const safe = Object.assign(new Error(`Failed query: ${query}`, { cause }), { query });
  safe.name = err.name;
  // The stack's frames only: its first lines are the message, parameters and all.
  const head = `${err.name}: ${err.message}`;
  const stack = err.stack ?? '';
  safe.stack = `${safe.name}: ${safe.message}${stack.startsWith(head) ? stack.slice(head.length) : ''}`;
  return safe;
}
