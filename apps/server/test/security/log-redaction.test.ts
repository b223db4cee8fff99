/** Security: the log never holds a failed query's parameters (a session token, a search term). */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, withoutQueryParameters } from '../../src/logger.ts';

const TOKEN = 'Jgajk8rWQCcDsFs5JxPCKjHrXwbnsyZH';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

describe('logged errors', () => {
  it('keep a failed query, its cause and its stack frames, never its parameters', () => {
    const cause = new Error('terminating connection due to administrator command');
    const err = new DrizzleQueryError('select * from app_request_principal_v6($1)', [TOKEN], cause);
    const { logger, text } = capture();
    logger.child({ requestId: 'r1' }).error({ err }, 'unhandled error');
    const line = JSON.parse(text()) as { err: { message: string; stack: string; query: string } };
    expect(line.err.query).toBe('select * from app_request_principal_v6($1)');
    expect(line.err.message).toContain('terminating connection');
    expect(line.err.stack).toMatch(/\n\s+at /);
    expect(text()).not.toContain(TOKEN);
  });

  it('leave other errors as they are', () => {
    const err = new Error('boom');
    expect(withoutQueryParameters(err)).toBe(err);
    expect(withoutQueryParameters('text')).toBe('text');
  });
});
