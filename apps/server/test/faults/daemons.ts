/**
 * Real infrastructure in front of the servers under test, as a deployment runs it: Debian's HAProxy
 * (an HTTP load balancer in front of several instances, or a TCP proxy in front of PostgreSQL that a
 * test can cut away and bring back) and Debian's PgBouncer in transaction mode. Each runs as a child
 * process on a free port with its configuration in a temporary folder.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './support.ts';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/** Resolves once something accepts TCP connections on the port; rejects when `child` exits first. */
async function waitForPort(port: number, child: ChildProcess, name: string, output: () => string) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (i > 200) throw new Error(`${name} did not listen on ${port}: ${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Daemon {
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `command args` and waits for it to listen on `port`. */
async function startDaemon(
  name: string,
  command: string,
  args: string[],
  port: number,
): Promise<Daemon & { child: ChildProcess }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child, name, () => output);
  return {
    child,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

function haproxyConfig(mode: 'http' | 'tcp', port: number, backends: string[]): string {
  const servers = backends.map((hostPort, i) => `  server s${i + 1} ${hostPort}`);
  return [
    'global',
    '  maxconn 512',
    'defaults',
    `  mode ${mode}`,
    '  timeout connect 5s',
    // Long enough for an idle pooled PostgreSQL connection and an open notification stream.
    '  timeout client 1h',
    '  timeout server 1h',
    'frontend front',
    `  bind 127.0.0.1:${port}`,
    '  default_backend back',
    'backend back',
    '  balance roundrobin',
    // Which instance answered, so a test can see that both did.
    ...(mode === 'http' ? ['  http-response set-header X-Served-By %[srv_name]'] : []),
    ...servers,
    '',
  ].join('\n');
}

/**
 * HAProxy balancing HTTP requests round-robin over `backends` (base URLs), on `port` or a free one;
 * each answer carries the serving instance in `X-Served-By` (s1, s2...).
 */
export async function haproxyHttp(backends: string[], port?: number) {
  port ??= await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    haproxyConfig(
      'http',
      port,
      backends.map((b) => new URL(b).host),
    ),
  );
  const daemon = await startDaemon('haproxy', HAPROXY, ['-q', '-db', '-f', config], port);
  return { url: `http://127.0.0.1:${port}`, close: () => daemon.kill('SIGTERM') };
}

/**
 * HAProxy as a TCP proxy in front of PostgreSQL. `cut()` kills it (every connection dropped at once,
 * new ones refused, as when the database host goes away); `restore()` starts it again on the same port.
 */
export async function haproxyTcp(target: { host: string; port: number }) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig('tcp', port, [`${target.host}:${target.port}`]));
  const start = () => startDaemon('haproxy', HAPROXY, ['-q', '-db', '-f', config], port);
  let daemon: Daemon | null = await start();
  return {
    port,
    async cut() {
      await daemon?.kill('SIGKILL');
      daemon = null;
    },
    async restore() {
      daemon = await start();
    },
    async close() {
      await daemon?.kill('SIGTERM');
      daemon = null;
    },
  };
}

/** The installed PgBouncer's version, e.g. [1, 18, 0]. */
export function pgbouncerVersion(): [number, number, number] {
  const out = execFileSync(PGBOUNCER, ['--version'], { encoding: 'utf8' });
  const match = /PgBouncer (\d+)\.(\d+)\.(\d+)/.exec(out);
  if (!match) throw new Error(`unrecognised pgbouncer --version output: ${out}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** PgBouncer 1.21 and later keep protocol-level prepared statements in transaction mode. */
export function pgbouncerKeepsPreparedStatements(): boolean {
  const [major, minor] = pgbouncerVersion();
  return major > 1 || (major === 1 && minor >= 21);
}

/**
 * PgBouncer in transaction mode in front of the PostgreSQL at `target`, for every database on it
 * (`urlFor` turns a direct URL into one through the pooler). PgBouncer refuses to run as root, so
 * when the tests run as root it runs as the `postgres` user.
 */
export async function pgbouncer(target: { host: string; port: number; user: string }) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-pgbouncer-'));
  const config = path.join(dir, 'pgbouncer.ini');
  writeFileSync(path.join(dir, 'users.txt'), `"${target.user}" ""\n`);
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${target.host} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 10',
      // 1.21+: protocol-level prepared statements survive transaction pooling (ADR 0045).
      ...(pgbouncerKeepsPreparedStatements() ? ['max_prepared_statements = 200'] : []),
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const file of ['', 'users.txt', 'pgbouncer.ini']) chownSync(path.join(dir, file), uid, gid);
  }
  const daemon = await startDaemon(
    'pgbouncer',
    PGBOUNCER,
    [...(asRoot ? ['-u', 'postgres'] : []), config],
    port,
  );
  return {
    port,
    /** The same database and user as `directUrl`, through the pooler. */
    urlFor(directUrl: string): string {
      const url = new URL(directUrl);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    close: () => daemon.kill('SIGTERM'),
  };
}
