/**
 * The one error handler: a lost database connection is a 503 worth retrying (with `Retry-After`), any
 * other unknown error a 500 that leaks nothing; neither logs a failed query's parameters.
 */
import { Writable } from 'node:stream';
import { ERROR_CODES, MESSAGES } from '@hr/shared/errors';
import { DrizzleQueryError } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isConnectionLost } from '../db/connection-errors.ts';
import { createLogger } from '../logger.ts';
import type { AppEnv } from './app-env.ts';
import { handleError } from './error-handler.ts';

function appThrowing(err: Error) {
  const lines: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('logger', logger);
    await next();
  });
  app.get('/boom', () => {
    throw err;
  });
  app.onError(handleError);
  return { app, log: () => lines.join('') };
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: Error) =>
  new DrizzleQueryError('select * from app_request_principal_v6($1)', ['secret-token'], cause);

describe('a lost database connection', () => {
  it.each([
    ['an administrator ended the connection', failedQuery(pgError('57P01', 'terminating connection'))],
    ['the database is starting up', failedQuery(pgError('57P03', 'the database system is starting up'))],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['a connection exception', pgError('08006', 'connection failure')],
    ['the server refused the connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the connection ended mid-query', failedQuery(new Error('Connection terminated unexpectedly'))],
    ['the pool timed out', new Error('timeout exceeded when trying to connect')],
  ])('%s: 503 with Retry-After, logged without the parameters', async (_name, err) => {
    expect(isConnectionLost(err)).toBe(true);
    const { app, log } = appThrowing(err);
    const res = await app.request('/boom');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({
      error: { code: ERROR_CODES.UNAVAILABLE, message: MESSAGES.unavailable },
    });
    expect(log()).toContain('database connection lost');
    expect(log()).not.toContain('secret-token');
  });
});

describe('any other error', () => {
  it.each([
    ['a failed query', failedQuery(pgError('23505', 'duplicate key value violates unique constraint'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a query whose parameter reads like a lost connection',
      new DrizzleQueryError('select $1', ['Connection terminated'], pgError('42601', 'syntax error')),
    ],
  ])('%s: 500 that leaks nothing', async (_name, err) => {
    expect(isConnectionLost(err)).toBe(false);
    const { app, log } = appThrowing(err);
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: ERROR_CODES.INTERNAL, message: MESSAGES.internal } });
    expect(log()).toContain('unhandled error');
    expect(log()).not.toContain('secret-token');
  });
});
