import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MAX_PREPARED_VALUES, prepareRepeatedStatements, statementName } from './prepared-statements.ts';

/** A stand-in for a pg client that records the query configs it would send. */
function recordingClient(cap?: number) {
  const sent: Array<{ config: unknown; values?: unknown }> = [];
  const client = {
    query(config: unknown, values?: unknown) {
      sent.push({ config, values });
      return Promise.resolve({ rows: [] });
    },
  };
  prepareRepeatedStatements(client as unknown as pg.PoolClient, cap);
  return { client: client as unknown as { query: (...args: unknown[]) => Promise<unknown> }, sent };
}

const nameOf = (entry: { config: unknown } | undefined) =>
  (entry?.config as { name?: string } | undefined)?.name;

describe('prepareRepeatedStatements', () => {
  it('names a parameterised statement after its text, the same name every time', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'select $1::int', rowMode: 'array' }, [1]);
    await client.query('select $1::int', [2]);
    expect(nameOf(sent[0])).toBe(statementName('select $1::int'));
    expect(nameOf(sent[1])).toBe(nameOf(sent[0]));
    expect(sent[0]?.config).toMatchObject({ rowMode: 'array' });
    expect(sent[1]?.values).toEqual([2]);
    expect(statementName('select $1::text')).not.toBe(statementName('select $1::int'));
  });

  it('leaves statements without parameters, already named ones and callbacks as they came', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: "begin; select set_config('app.company_id', 'x', true)" }, []);
    await client.query({ text: 'select 1' });
    await client.query({ text: 'select $1::int', name: 'mine' }, [1]);
    expect(sent.map(nameOf)).toEqual([undefined, undefined, 'mine']);
  });

  it('sends statements with long value lists unnamed: each list length would be a new text', async () => {
    const { client, sent } = recordingClient();
    const list = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(',');
    await client.query(
      { text: `select 1 where 1 in (${list(MAX_PREPARED_VALUES)})` },
      Array(MAX_PREPARED_VALUES).fill(1),
    );
    await client.query({ text: `select 1 where 1 in (${list(5000)})` }, Array(5000).fill(1));
    expect(sent.map(nameOf)).toEqual([
      statementName(`select 1 where 1 in (${list(MAX_PREPARED_VALUES)})`),
      undefined,
    ]);
  });

  it('stops naming new texts past the cap, and keeps the names it has', async () => {
    const { client, sent } = recordingClient(2);
    for (const text of ['select $1::int', 'select $1::text', 'select $1::bool', 'select $1::int'])
      await client.query({ text }, [1]);
    expect(sent.map(nameOf)).toEqual([
      statementName('select $1::int'),
      statementName('select $1::text'),
      undefined,
      statementName('select $1::int'),
    ]);
  });
});
