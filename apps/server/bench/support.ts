/** Paths, settings and small helpers shared by the benchmark scripts. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword as hash } from 'better-auth/crypto';
import type { Db } from '../src/db/client.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const benchPaths = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench',
  pgliteDir: path.join(repoRoot, 'bench/.data/pglite'),
  results: path.join(repoRoot, 'bench/results'),
};

/** The password hash Better Auth checks at sign-in (the database is not needed, the signature matches callers). */
export async function hashPassword(_db: Db, password: string): Promise<string> {
  return hash(password);
}
