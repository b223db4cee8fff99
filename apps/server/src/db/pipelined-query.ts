/**
 * Statements without parameters sent ahead of a statement in the same extended-protocol pipeline:
 * one socket write, one Sync, one round trip (ADR 0150). Used by `readWithTenant` (the tenant set-up
 * before a one-statement read) and `coalesceBegin` (`begin` and the tenant set-up before a
 * transaction's first statement).
 */
import pg from 'pg';

/** What pg's connection offers a query when it submits it (its own `Query` uses the same). */
export interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  /** The statement names pg has prepared, or sent to be prepared, on this connection, and their texts. */
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

/** pg's `Query`, with the members it calls on itself while results arrive (not in its typings). */
const BaseQuery = pg.Query as unknown as new (
  config: pg.QueryConfig,
  callback: (err: Error | undefined, result: pg.QueryResult) => void,
) => {
  submit(connection: WireConnection): Error | null;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: WireConnection): void;
};

/**
 * A statement as pg's `Query` sends it in the extended protocol (prepared by name, or unnamed), after
 * `prefix`, statements without parameters, in the same write and before the one Sync (ADR 0150).
 * The prefix's rows and completions are not part of the result: the caller sees the statement's
 * result, parsed as every other.
 */
export class PipelinedQuery extends BaseQuery {
  #prefix: readonly string[];
  #name: string | undefined;
  #text: string;
  /** Completions of prefix statements still to come. */
  #prefixLeft: number;

  constructor(
    prefix: readonly string[],
    config: pg.QueryConfig & { name: string | undefined },
    callback: (err: Error | undefined, result: pg.QueryResult) => void,
  ) {
    // The extended protocol even without values or a name: the statement goes after the prefix.
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig, callback);
    this.#prefix = prefix;
    this.#prefixLeft = prefix.length;
    this.#name = config.name;
    this.#text = config.text;
  }

  override submit(connection: WireConnection): Error | null {
    // `super.submit` refuses a name already prepared for another text, writing nothing; it must not
    // find the prefix written without its Sync (the next query would run in its transaction).
    const previous =
      this.#name &&
      (connection.parsedStatements[this.#name] ?? connection.submittedNamedStatements[this.#name]);
    if (previous && previous !== this.#text) {
      return new Error(`PipelinedQuery: the statement name ${this.#name} is prepared for another text`);
    }
    // One write for everything: the read's own messages are corked by `super.submit` as well.
    connection.stream.cork?.();
    try {
      for (const text of this.#prefix) {
        connection.parse({ text, name: '', types: [] });
        connection.bind({ portal: '', statement: '', values: [] });
        connection.execute({ portal: '', rows: 0 });
      }
      return super.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }

  override handleDataRow(msg: unknown): void {
    if (this.#prefixLeft === 0) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: WireConnection): void {
    if (this.#prefixLeft === 0) super.handleCommandComplete(msg, connection);
    else this.#prefixLeft--;
  }
}
