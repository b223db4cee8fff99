/**
 * One process per PGlite data folder. PGlite is Postgres in this process's memory with its files on
 * disk: a second process opening the same folder keeps its own buffers and WAL position, and the two
 * overwrite each other's pages (a folder that no longer opens, or acknowledged writes silently gone).
 *
 * The lock is a file beside the folder (`<folder>.lock`), created with O_EXCL and holding the owner's
 * pid and process start time. A lock whose owner is gone (kill -9, a crash, a restarted container
 * where the pid is now someone else's or our own) is stale and taken over.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { StartupError } from '../startup-error.ts';

interface LockOwner {
  pid: number;
  /** The owner's start time in clock ticks since boot (Linux /proc), to tell a reused pid apart. */
  startTime: string | null;
  host: string;
  token: string;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/** Locks this process holds: a second open of the same folder in-process is refused too. */
const held = new Set<string>();

/** The line a second process prints when the folder is taken. */
export function dataDirLockedMessage(folder: string, pid: number): string {
  return `Refusing to start: the data folder ${folder} is in use by another Northwind HR process (pid ${pid}); PGlite allows one process per data folder. Stop that process first, or use PostgreSQL (DATABASE_URL) to run several.`;
}

/** Field 22 of /proc/<pid>/stat: when the process started. Null where /proc is not there. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return null;
    return {
      pid: owner.pid,
      startTime: typeof owner.startTime === 'string' ? owner.startTime : null,
      host: typeof owner.host === 'string' ? owner.host : '',
      token: typeof owner.token === 'string' ? owner.token : '',
    };
  } catch {
    return null;
  }
}

/** Whether the recorded owner still runs: same pid alive and, where /proc tells, started at the same time. */
function ownerIsRunning(owner: LockOwner): boolean {
  // Our own pid, not in `held`: a container restarted with the same pid. Never a holder to wait for.
  if (owner.pid === process.pid) return false;
  if (!isAlive(owner.pid)) return false;
  const now = processStartTime(owner.pid);
  if (owner.startTime && now && now !== owner.startTime) return false;
  return true;
}

function tryCreate(file: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock of `folder` or throws a StartupError naming the process that holds it. Released by
 * `release()` and, as a last resort, when this process exits.
 */
export function acquireDataDirLock(folder: string): DataDirLock {
  const file = `${folder}.lock`;
  if (held.has(file)) throw new StartupError(dataDirLockedMessage(folder, process.pid));
  const me: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: hostname(),
    token: randomUUID(),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) {
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.removeListener('exit', release);
        // Only our own lock: never remove one another process took over.
        if (readOwner(file)?.token === me.token) {
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        }
      };
      process.on('exit', release);
      return { path: file, release };
    }
    const owner = readOwner(file);
    // An unreadable lock may be one being written this instant: look again before calling it stale.
    if (owner && ownerIsRunning(owner)) throw new StartupError(dataDirLockedMessage(folder, owner.pid));
    if (!owner && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    // Stale: move it aside under a name of our own (atomic), so two processes taking over the same
    // stale lock cannot both remove it; the loser's rename fails and it goes round again.
    const aside = `${file}.stale-${me.token}`;
    try {
      renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readOwner(aside);
    // What we moved aside was not the stale lock we judged: another process took over meanwhile and
    // wrote a fresh one. Put it back and refuse rather than run beside it.
    if (moved && moved.token !== owner?.token && ownerIsRunning(moved)) {
      renameSync(aside, file);
      throw new StartupError(dataDirLockedMessage(folder, moved.pid));
    }
    try {
      unlinkSync(aside);
    } catch {
      // already gone
    }
  }
  throw new StartupError(`Refusing to start: could not take the lock ${file} of the data folder ${folder}.`);
}
