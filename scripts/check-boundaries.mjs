#!/usr/bin/env node
// Keeps the module boundaries of docs/architecture.md §Layout. Three rules, each violation printed as file:line:
//  1. A server module (apps/server/src/modules/<m>/) reaches another module only through its index.ts.
//     Test files (*.test.ts, *.test-helpers.ts) may also import another module's *.test-helpers.ts:
//     fixtures are for tests, and a production door for them would ship them.
//  2. A web or back-office feature (apps/<app>/src/features/<f>/) imports no other feature and nothing in
//     app/: shared pieces live in components/ or lib/, and screens made of several features are composed in app/.
//  3. No import cycles between the files of the server (runtime imports; `import type` is erased).
// Plain Node on purpose: it reads import lines, it does not type-check. Specifiers are relative in this repo.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rel = (file) => relative(root, file).split(sep).join('/');

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|[^\w.$])(import|export)\s+(type\s+)?(?:[\w*${}\s,]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of a file: { line, target (absolute path or null), typeOnly }. */
function importsOf(file) {
  // Comments that open a line are blanked (newlines kept, so line numbers hold): an import quoted in
  // a comment is not an import. A '//' or '/*' later on a line may be inside a string, so it stays.
  const text = readFileSync(file, 'utf8').replace(/^[ \t]*(\/\*[\s\S]*?\*\/|\/\/[^\n]*)/gm, (c) =>
    c.replace(/[^\n]/g, ' '),
  );
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4];
    if (!spec.startsWith('.')) continue;
    const line = text.slice(0, m.index + m[0].indexOf(spec)).split('\n').length;
    found.push({ line, spec, target: resolveSpec(file, spec), typeOnly: Boolean(m[2]) });
  }
  return found;
}

function resolveSpec(from, spec) {
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const ext of ['.ts', '.tsx']) candidates.push(base + ext, join(base, `index${ext}`));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const violations = [];
const report = (file, line, message) => violations.push(`${rel(file)}:${line}: ${message}`);

// Rule 1: server modules.
const modulesDir = join(root, 'apps/server/src/modules');
const moduleOf = (file) => {
  const r = relative(modulesDir, file);
  return r.startsWith('..') ? null : r.split(sep)[0];
};
const isTestFile = (file) => /\.test(-helpers)?\.ts$/.test(file);
const serverFiles = sourceFiles(join(root, 'apps/server/src'));
for (const file of serverFiles) {
  const own = moduleOf(file);
  if (!own) continue;
  for (const { line, spec, target } of importsOf(file)) {
    const other = target && moduleOf(target);
    if (!other || other === own) continue;
    if (target === join(modulesDir, other, 'index.ts')) continue;
    if (isTestFile(file) && target.endsWith('.test-helpers.ts')) continue;
    report(file, line, `module ${own} imports ${spec}: reach module ${other} through its index.ts`);
  }
}

// Rule 2: web and back-office features.
for (const app of ['web', 'backoffice']) {
  const src = join(root, 'apps', app, 'src');
  const featuresDir = join(src, 'features');
  const featureOf = (file) => {
    const r = relative(featuresDir, file);
    return r.startsWith('..') ? null : r.split(sep)[0];
  };
  for (const file of sourceFiles(featuresDir)) {
    const own = featureOf(file);
    for (const { line, spec, target } of importsOf(file)) {
      if (!target) continue;
      const other = featureOf(target);
      if (other && other !== own) report(file, line, `feature ${own} imports feature ${other} (${spec})`);
      else if (!relative(join(src, 'app'), target).startsWith('..'))
        report(file, line, `feature ${own} imports app/ (${spec}): move the piece to lib/ or components/`);
    }
  }
}

// Rule 3: no runtime import cycles among server files (Tarjan's strongly connected components).
const graph = new Map(
  serverFiles.map((file) => [
    file,
    importsOf(file)
      .filter((i) => i.target && !i.typeOnly)
      .map((i) => ({ ...i })),
  ]),
);
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function strongConnect(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const { target } of graph.get(file) ?? []) {
    if (!graph.has(target)) continue;
    if (!index.has(target)) {
      strongConnect(target);
      low.set(file, Math.min(low.get(file), low.get(target)));
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length < 2) return;
  const inCycle = new Set(component);
  for (const from of component.sort()) {
    for (const { line, spec, target } of graph.get(from)) {
      if (inCycle.has(target))
        report(from, line, `import cycle: ${spec} (cycle of ${component.length} files)`);
    }
  }
}
for (const file of serverFiles) if (!index.has(file)) strongConnect(file);

if (violations.length > 0) {
  console.error(violations.join('\n'));
  console.error(
    `\n${violations.length} boundary violation(s); see scripts/check-boundaries.mjs for the rules.`,
  );
  process.exit(1);
}
console.log('boundaries: ok');
