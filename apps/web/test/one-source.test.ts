/**
 * One way to do each thing in the browser code (issue 17): the company-changed event is named in
 * one module only, and no code branches on an error's message text (the server's `code`, `status`
 * and `fields` say what failed; the text is for people and may change).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Outside src/ on purpose: the browser code may not import Node's modules, this test reads files.
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function linesMatching(pattern: RegExp, except: string[] = []): string[] {
  return sourceFiles(webSrc)
    .filter((file) => !except.includes(path.relative(webSrc, file)))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(webSrc, file)}:${i + 1}` }))
        .filter(({ line }) => pattern.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
}

describe('one source of truth in the browser code', () => {
  it('names the company-changed event in lib/company-changed.ts only', () => {
    expect(linesMatching(/['"`]company-changed['"`]/, ['lib/company-changed.ts'])).toEqual([]);
  });

  it('never compares an error message with text', () => {
    // `message === ...`, `... === message`, `/re/.test(message)`, `message.includes(...)`.
    const comparison =
      /\bmessage\s*[!=]==|[!=]==\s*[\w.]*\bmessage\b(?!\s*\?\?)|\.test\([\w.]*message\)|message\.(includes|startsWith|endsWith|match)\(/;
    const found = linesMatching(comparison).filter(
      // Reading the error body's shape is not a comparison of its text.
      (line) => !/typeof [\w.]*message === 'string'/.test(line),
    );
    expect(found).toEqual([]);
  });
});
