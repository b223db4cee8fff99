/**
 * The first route's JavaScript stays small (issue 8: under 200 kB gzip; issue 20: the sign-in page
 * on a phone): nothing the first chunk or the sign-in page imports statically may pull in zod, which is only needed by forms and lazily loaded screens. The
 * walk follows static imports from main.tsx through the app's and the shared package's modules;
 * `import()` and `import type` are not followed, as the bundler does not put them in the entry.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Outside src/ on purpose: the browser code may not import Node's modules, this test reads files.
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const sharedSrc = path.resolve(webSrc, '../../../packages/shared/src');
const STATIC_IMPORT =
  /^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;

function resolveModule(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(webSrc, spec.slice(2));
  else if (spec.startsWith('@hr/shared/')) base = path.join(sharedSrc, spec.slice('@hr/shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module `start` imports statically, with the chain that brought each one in. */
function staticImportsOf(start: string, packages?: Map<string, string>): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const visit = (file: string, chain: string[]) => {
    if (chains.has(file)) return;
    chains.set(file, chain);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = (match[1] ?? match[2]) as string;
      if (spec === 'zod' || spec.startsWith('zod/')) {
        chains.set(`zod <- ${path.relative(webSrc, file)}`, chain);
        continue;
      }
      const next = resolveModule(file, spec);
      if (next) visit(next, [...chain, path.relative(webSrc, file)]);
      else if (packages && !packages.has(spec)) {
        packages.set(spec, [...chain, path.relative(webSrc, file)].reverse().join(' <- '));
      }
    }
  };
  visit(path.join(webSrc, start), []);
  return chains;
}

/** The npm packages `start` reaches through static imports, each with the chain that reached it. */
function packagesOf(start: string): Map<string, string> {
  const packages = new Map<string, string>();
  staticImportsOf(start, packages);
  return packages;
}

/** The app's own modules `start` imports statically, relative to src/ (shared ones start with ../). */
const localModulesOf = (start: string) =>
  [...staticImportsOf(start).keys()]
    .filter((key) => !key.startsWith('zod <- '))
    .map((file) => path.relative(webSrc, file));

const RADIX_IMPORT = /^import\s+\{([^}]*)\}\s+from\s+['"]radix-ui['"]/gm;

/** The Radix primitives (`import { Dialog } from 'radix-ui'`) the modules import, with who imports each. */
function radixPrimitivesOf(modules: string[]): string[] {
  return modules
    .filter((file) => !file.startsWith('..'))
    .flatMap((file) =>
      [...readFileSync(path.join(webSrc, file), 'utf8').matchAll(RADIX_IMPORT)].flatMap((match) =>
        (match[1] as string)
          .split(',')
          .map((name) => name.trim().split(/\s+as\s+/)[0] as string)
          .filter(Boolean)
          .map((name) => `${name} <- ${file}`),
      ),
    );
}

const zodChains = (modules: Map<string, string[]>) =>
  [...modules]
    .filter(([key]) => key.startsWith('zod <- '))
    .map(([key, chain]) => `${key} <- ${[...chain].reverse().join(' <- ')}`);

describe('the first route', () => {
  it('imports no zod statically (schemas load with the screens that validate)', () => {
    const modules = staticImportsOf('main.tsx');
    expect(modules.size).toBeGreaterThan(20);
    expect(zodChains(modules)).toEqual([]);
  });

  it('keeps the signed-in shell out of the first chunk (RequireAuth loads it lazily)', () => {
    const modules = [...staticImportsOf('main.tsx').keys()].map((file) => path.relative(webSrc, file));
    expect(modules).toContain('app/guards/require-auth.tsx');
    expect(
      modules.filter((file) => file.startsWith('app/layouts/') || file.startsWith('features/slack/')),
    ).toEqual([]);
    expect(modules).not.toContain('app/signed-in-shell.tsx');
  });
});

describe('the sign-in page (ADR 0105)', () => {
  it('imports no zod statically: validation loads when the form is used, sign-up and recovery when shown', () => {
    const modules = staticImportsOf('app/routes/auth-page.tsx');
    expect([...modules.keys()].map((file) => path.relative(webSrc, file))).toContain(
      'features/auth/components/sign-in-form.tsx',
    );
    expect(zodChains(modules)).toEqual([]);
  });
});

describe('the sign-in page built apart (ADR 0125)', () => {
  // What /auth must not download: the app's router, its query cache, the form library, the schema
  // library and Radix. They may load later (sign-up, forgot password), through import() only.
  const FORBIDDEN =
    /^(?:react-router|@tanstack\/react-query|react-hook-form|@hookform\/|zod|radix-ui|@radix-ui\/)/;

  it('reaches only React and small helpers from its entry, statically', () => {
    const packages = packagesOf('auth-entry.tsx');
    expect(packages.has('react-dom/client')).toBe(true);
    const forbidden = [...packages]
      .filter(([spec]) => FORBIDDEN.test(spec))
      .map(([spec, chain]) => `${spec} <- ${chain}`);
    expect(forbidden).toEqual([]);
    expect(zodChains(staticImportsOf('auth-entry.tsx'))).toEqual([]);
  });

  it('prerenders the same tree without the router or the query cache', () => {
    const packages = [...packagesOf('auth-prerender.tsx').keys()];
    expect(packages).toContain('react-dom/server');
    expect(packages.filter((spec) => FORBIDDEN.test(spec))).toEqual([]);
  });

  it('is the screen the app shows at /auth too (one screen, one set of strings)', () => {
    const app = [...staticImportsOf('app/routes/auth-page.tsx').keys()].map((file) =>
      path.relative(webSrc, file),
    );
    const own = [...staticImportsOf('auth-entry.tsx').keys()].map((file) => path.relative(webSrc, file));
    for (const module of ['app/auth-screen.tsx', 'features/auth/components/sign-in-form.tsx']) {
      expect(app).toContain(module);
      expect(own).toContain(module);
    }
  });
});

/**
 * ADR 0130: the signed-in shell's widgets that are not on screen until opened load when first
 * wanted. If one of them (or the Radix primitive it is built on) came back into the shell's static
 * imports, every signed-in page would download it again before its first paint.
 */
describe('the signed-in shell (ADR 0130)', () => {
  const LAZY_WIDGETS = [
    'features/notifications/components/notification-popover.tsx',
    'features/notifications/components/notification-panel.tsx',
    'app/layouts/user-menu-dropdown.tsx',
    'features/company-switch/components/select-company-dialog.tsx',
    'features/cross-app/components/cross-app-menu-items.tsx',
    'features/slack/components/chat-window.tsx',
    'features/slack/components/slack-connect-dialog.tsx',
    'features/slack/components/slack-integration-tab.tsx',
    'components/ui/sidebar-drawer.tsx',
    'components/ui/sheet.tsx',
    'components/ui/dialog.tsx',
    'components/ui/dropdown-menu.tsx',
    'components/ui/popover.tsx',
    'features/auth/components/password-change-dialog.tsx',
  ];
  /** Built on floating-ui (Popper), focus traps and scroll locks: the bulk of the widgets' code. */
  const LAZY_PRIMITIVES = ['Dialog', 'AlertDialog', 'DropdownMenu', 'Popover', 'Menu', 'Tooltip'];

  it('imports the stand-ins statically and none of the widgets they load', () => {
    const modules = localModulesOf('app/signed-in-shell.tsx');
    for (const standIn of [
      'features/notifications/components/notification-bell.tsx',
      'app/layouts/user-menu.tsx',
      'features/slack/components/slack-button.tsx',
      'components/ui/sidebar.tsx',
    ]) {
      expect(modules).toContain(standIn);
    }
    for (const widget of LAZY_WIDGETS) expect(existsSync(path.join(webSrc, widget)), widget).toBe(true);
    expect(modules.filter((file) => LAZY_WIDGETS.includes(file))).toEqual([]);
  });

  it('imports no Radix dialog, menu or popover statically', () => {
    const primitives = radixPrimitivesOf(localModulesOf('app/signed-in-shell.tsx'));
    expect(primitives.length).toBeGreaterThan(0);
    expect(primitives.filter((entry) => LAZY_PRIMITIVES.includes(entry.split(' <- ')[0] as string))).toEqual(
      [],
    );
  });

  it('keeps the widgets out of the first chunk too', () => {
    const modules = localModulesOf('main.tsx');
    expect(modules.filter((file) => LAZY_WIDGETS.includes(file))).toEqual([]);
  });
});

describe('the holidays page (ADR 0130)', () => {
  it('imports no zod statically: the Overview shows constants, the forms load with their tabs', () => {
    const modules = staticImportsOf('app/routes/holidays-page.tsx');
    expect([...modules.keys()].map((file) => path.relative(webSrc, file))).toContain(
      'features/holidays/components/balance-card.tsx',
    );
    expect(zodChains(modules)).toEqual([]);
  });

  it("loads the other tabs and the managers' cards when shown", () => {
    const modules = localModulesOf('app/routes/holidays-page.tsx');
    const later = [
      'features/holidays/components/request-holiday-form.tsx',
      'features/holidays/components/team-calendar.tsx',
      'features/holidays/components/approvals-table.tsx',
      'features/holidays/components/my-requests.tsx',
      'features/holidays/components/reports-panel.tsx',
      'features/holidays/components/record-sickness-card.tsx',
      'features/holidays/components/leave-admin-card.tsx',
    ];
    for (const file of later) expect(existsSync(path.join(webSrc, file)), file).toBe(true);
    expect(modules.filter((file) => later.includes(file))).toEqual([]);
  });
});
