/**
 * The architecture's boundaries are lint rules (ADR 0068): each case plants one violation in a
 * probe file inside the tree, runs Biome with the project's own configuration on the probes, and
 * expects the rule that guards that boundary to fail it. A clean probe shows the failures come
 * from the planted imports, not from the probe files themselves.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const tag = `zz-lint-probe-${process.pid}`;

interface Probe {
  name: string;
  file: string;
  source: string;
  rule: string | null;
}

const probes: Probe[] = [
  {
    name: 'a web feature importing another feature relatively',
    file: `apps/web/src/features/employees/${tag}.ts`,
    source: "export { x } from '../holidays/api/keys';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'a web feature sub-folder importing another feature relatively',
    file: `apps/web/src/features/employees/components/${tag}.ts`,
    source: "export { x } from '../../../features/holidays/api/keys';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'a web feature sub-folder importing another feature by ../../',
    file: `apps/web/src/features/employees/hooks/${tag}-b.ts`,
    source: "export { x } from '../../holidays/api/keys';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'components/ui importing a feature',
    file: `apps/web/src/components/ui/${tag}.tsx`,
    source: "export { x } from '@/features/employees/api/keys';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'lib importing a feature relatively',
    file: `apps/web/src/lib/${tag}.ts`,
    source: "export { x } from '../features/employees/api/keys';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'a server service importing another feature’s repository',
    file: `apps/server/src/features/settings/${tag}.service.ts`,
    source: "export { insertCredentialUser } from '../auth/auth.repository.ts';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'a server route file importing another feature’s repository',
    file: `apps/server/src/features/employees/${tag}.ts`,
    source: "export { employeeHasRequests } from '../holidays/holidays.repository.ts';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'process.env read in a service',
    file: `apps/server/src/features/settings/${tag}-env.service.ts`,
    source: 'export const secret = process.env.AUTH_SECRET;\n',
    rule: 'lint/style/noProcessEnv',
  },
  {
    name: 'process.env read in the browser code',
    file: `apps/web/src/lib/${tag}-env.ts`,
    source: 'export const mode = process.env.NODE_ENV;\n',
    rule: 'lint/style/noProcessEnv',
  },
  {
    name: 'db/ importing the workshop service (as the seed did)',
    file: `apps/server/src/db/${tag}.ts`,
    source: "export { refreshJobLists } from '../features/workshop/job-lists.service.ts';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'db/schema importing a feature',
    file: `apps/server/src/db/schema/${tag}.ts`,
    source: "export type { Auth } from '../../features/auth/auth.ts';\n",
    rule: 'lint/style/noRestrictedImports',
  },
  {
    name: 'an import cycle (first half)',
    file: `apps/server/src/http/${tag}-a.ts`,
    source: `import { b } from './${tag}-b.ts';\nexport const a = (): number => b() + 1;\n`,
    rule: 'lint/suspicious/noImportCycles',
  },
  {
    name: 'an import cycle (second half)',
    file: `apps/server/src/http/${tag}-b.ts`,
    source: `import { a } from './${tag}-a.ts';\nexport const b = (): number => a() - 1;\n`,
    rule: 'lint/suspicious/noImportCycles',
  },
  {
    name: 'a clean probe: a service calling another feature’s service',
    file: `apps/server/src/features/settings/${tag}-clean.service.ts`,
    source: "export { insertSecurityEvent } from '../auth/security-events.service.ts';\n",
    rule: null,
  },
];

interface Diagnostic {
  category: string;
  location: { path: string };
}

let diagnostics: Diagnostic[] = [];

beforeAll(async () => {
  for (const probe of probes) {
    mkdirSync(path.dirname(path.join(root, probe.file)), { recursive: true });
    writeFileSync(path.join(root, probe.file), probe.source);
  }
  try {
    const result = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--max-diagnostics=200', ...probes.map((p) => p.file)],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const json = result.stdout.slice(result.stdout.indexOf('{'), result.stdout.lastIndexOf('}') + 1);
    diagnostics = (JSON.parse(json) as { diagnostics: Diagnostic[] }).diagnostics;
  } finally {
    for (const probe of probes) rmSync(path.join(root, probe.file), { force: true });
  }
}, 180_000);

afterAll(() => {
  for (const probe of probes) rmSync(path.join(root, probe.file), { force: true });
});

describe('architecture boundaries are enforced by lint', () => {
  for (const probe of probes) {
    it(probe.rule ? `fails ${probe.name}` : `passes ${probe.name}`, () => {
      const rules = diagnostics.filter((d) => d.location.path === probe.file).map((d) => d.category);
      if (probe.rule) expect(rules).toContain(probe.rule);
      else expect(rules).toEqual([]);
    });
  }
});
