/**
 * A reason the process refuses to start (or a CLI refuses to run) that the operator can act on: the
 * entry point prints its message alone, with no stack trace, and exits with a non-zero code.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Runs an entry point's body; a StartupError becomes one line on stderr and exit code 1. */
export async function runEntryPoint(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    if (err instanceof StartupError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
