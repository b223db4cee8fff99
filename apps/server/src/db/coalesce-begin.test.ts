import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { coalesceBegin } from './coalesce-begin.ts';
import { PipelinedQuery } from './pipelined-query.ts';
import { prepareRepeatedStatements, statementName } from './prepared-statements.ts';
import { TENANT_SET_UP_START } from './tenant.ts';

/** A stand-in for a pg client that records what would go over the wire. */
function recordingClient() {
  const sent: Array<{ text: string; values?: unknown }> = [];
  const client = {
    query(config: unknown, values?: unknown, callback?: (err: null, res: unknown) => void) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      sent.push({ text, values });
      const statements = text.split(';').filter((s) => s.trim());
      const results = statements.map((s) => ({
        command: s.trim().split(' ')[0]?.toUpperCase(),
        rows: [{ s }],
      }));
      const answer = results.length > 1 ? results : results[0];
      if (callback) {
        callback(null, answer);
        return undefined;
      }
      return Promise.resolve(answer);
    },
  };
  coalesceBegin(client as unknown as pg.PoolClient);
  return { client: client as unknown as { query: (...args: unknown[]) => unknown }, sent };
}

describe('coalesceBegin', () => {
  it("sends begin with the next plain statement and answers with that statement's result", async () => {
    const { client, sent } = recordingClient();
    const begin = await client.query({ text: 'begin' }, []);
    expect(begin).toMatchObject({ command: 'BEGIN' });
    expect(sent).toEqual([]);
    const result = await client.query({ text: "select set_config('app.user_id', 'x', true)" }, []);
    expect(sent.map((q) => q.text)).toEqual(["begin; select set_config('app.user_id', 'x', true)"]);
    expect(result).toMatchObject({ command: 'SELECT' });
    await client.query({ text: 'commit' }, []);
    expect(sent.map((q) => q.text).at(-1)).toBe('commit');
  });

  it('sends begin on its own before a parameterised or array-mode statement', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'begin' }, []);
    await client.query({ text: 'select $1::int', rowMode: 'array' }, [1]);
    expect(sent.map((q) => q.text)).toEqual(['begin', 'select $1::int']);
    expect(sent[1]?.values).toEqual([1]);

    await client.query({ text: 'commit' }, []);
    await client.query({ text: 'begin' }, []);
    await client.query({ text: 'select 1', rowMode: 'array' }, []);
    expect(sent.map((q) => q.text).slice(-2)).toEqual(['begin', 'select 1']);
  });

  it('leaves statements outside a transaction and callback queries alone', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'select now()' }, []);
    let answered: unknown;
    client.query('select 2', [], (_err: null, res: unknown) => {
      answered = res;
    });
    expect(answered).toMatchObject({ command: 'SELECT' });
    expect(sent.map((q) => q.text)).toEqual(['select now()', 'select 2']);
  });

  it('merges a rollback of a transaction that sent nothing', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'begin' }, []);
    await client.query({ text: 'rollback' }, []);
    expect(sent.map((q) => q.text)).toEqual(['begin; rollback']);
  });

  const SET_UP = `${TENANT_SET_UP_START}, set_config('app.company_id', 'c', true)`;

  it('holds the tenant set-up and sends it with begin and the next plain statement', async () => {
    const { client, sent } = recordingClient();
    await client.query({ text: 'begin' }, []);
    expect(await client.query({ text: SET_UP }, [])).toMatchObject({ command: 'SELECT' });
    expect(sent).toEqual([]);
    const result = await client.query({ text: 'select 1' }, []);
    expect(sent.map((q) => q.text)).toEqual([`begin; ${SET_UP}; select 1`]);
    expect(result).toMatchObject({ rows: [{ s: ' select 1' }] });
  });

  it('pipelines begin and the set-up ahead of a parameterised statement already prepared here', async () => {
    const { client, sent, submitted } = pipelineClient({
      [statementName('select $1::int')]: 'select $1::int',
    });
    await client.query({ text: 'begin' }, []);
    await client.query({ text: SET_UP }, []);
    void client.query({ text: 'select $1::int', rowMode: 'array' }, [1]);
    expect(sent).toEqual([]);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toBeInstanceOf(PipelinedQuery);
    expect(submitted[0]).toMatchObject({
      text: 'select $1::int',
      values: [1],
      name: statementName('select $1::int'),
    });
  });

  it('sends begin and the set-up first when the statement is not prepared here yet', async () => {
    const { client, sent, submitted } = pipelineClient({});
    await client.query({ text: 'begin' }, []);
    await client.query({ text: SET_UP }, []);
    await client.query({ text: 'select $1::int', rowMode: 'array' }, [1]);
    expect(submitted).toEqual([]);
    expect(sent.map((q) => q.text)).toEqual([`begin; ${SET_UP}`, 'select $1::int']);
    expect(sent[1]?.values).toEqual([1]);
  });
});

/** A client that prepares statements, with pg's record of what its connection has prepared. */
function pipelineClient(parsedStatements: Record<string, string>) {
  const sent: Array<{ text: string; values?: unknown }> = [];
  const submitted: unknown[] = [];
  const client = {
    connection: { parsedStatements, submittedNamedStatements: {} },
    query(config: unknown, values?: unknown) {
      if (typeof (config as { submit?: unknown }).submit === 'function') {
        submitted.push(config);
        return config;
      }
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      sent.push({ text, values });
      return Promise.resolve({ command: 'SELECT', rows: [] });
    },
  };
  prepareRepeatedStatements(client as unknown as pg.PoolClient);
  coalesceBegin(client as unknown as pg.PoolClient);
  return {
    client: client as unknown as { query: (...args: unknown[]) => Promise<unknown> },
    sent,
    submitted,
  };
}
