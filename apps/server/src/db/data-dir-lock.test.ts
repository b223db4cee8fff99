import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error.ts';
import { openDatabase } from './client.ts';
import { acquireDataDirLock, dataDirLockedMessage, processStartTime } from './data-dir-lock.ts';

const folder = () => path.join(mkdtempSync(path.join(tmpdir(), 'hr-lock-')), 'pglite');

/** A live process that is not this one: the holder of a lock another server took. */
const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
afterAll(() => {
  sleeper.kill('SIGKILL');
});

/** A pid that is surely not running: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('the PGlite data-folder lock', () => {
  it('is a file beside the folder holding the pid, removed on release', () => {
    const dir = folder();
    const lock = acquireDataDirLock(dir);
    expect(lock.path).toBe(`${dir}.lock`);
    expect(JSON.parse(readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses while another live process holds it, naming that process', () => {
    const dir = folder();
    const pid = sleeper.pid as number;
    writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid, startTime: processStartTime(pid), host: 'x', token: 'other' }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(new StartupError(dataDirLockedMessage(dir, pid)));
    // The holder's lock is left as it was.
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ token: 'other' });
  });

  it('refuses a second open of the same folder in this process', () => {
    const dir = folder();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(StartupError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock: a dead pid, a reused pid, our own pid, or an unreadable file', async () => {
    const dead = await deadPid();
    const stale = [
      { pid: dead, startTime: null, host: 'x', token: 'dead' },
      // The sleeper's pid, but a process that started at another time: the pid was reused.
      { pid: sleeper.pid, startTime: '1', host: 'x', token: 'reused' },
      // A container restarted with the same pid as the crashed server.
      { pid: process.pid, startTime: processStartTime(process.pid), host: 'x', token: 'self' },
    ];
    for (const owner of stale) {
      const dir = folder();
      writeFileSync(`${dir}.lock`, JSON.stringify(owner));
      const lock = acquireDataDirLock(dir);
      expect(JSON.parse(readFileSync(lock.path, 'utf8')).token).not.toBe(owner.token);
      lock.release();
    }
    const dir = folder();
    writeFileSync(`${dir}.lock`, 'not json');
    acquireDataDirLock(dir).release();
  });

  it('never removes a lock that another process took over', () => {
    const dir = folder();
    const lock = acquireDataDirLock(dir);
    writeFileSync(lock.path, JSON.stringify({ pid: sleeper.pid, startTime: null, host: 'x', token: 'next' }));
    lock.release();
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ token: 'next' });
  });

  it('is taken by openDatabase before PGlite opens the folder, and given back by close', async () => {
    const dir = folder();
    const first = await openDatabase({ pgliteDir: dir });
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(dataDirLockedMessage(dir, process.pid));
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });
});
