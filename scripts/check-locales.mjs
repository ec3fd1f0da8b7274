#!/usr/bin/env node
/**
 * Checks that every locale JSON file has the same keys in every language of its folder:
 * apps/<app>/src/locales/{en,pt-BR}/*.json and packages/<pkg>/src/locales/{en,pt-BR}/*.json.
 * Exits 1 listing missing keys, missing files and empty strings.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const LANGUAGES = ['en', 'pt-BR'];

function localeRoots() {
  const roots = [];
  for (const group of ['apps', 'packages']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const dir = join(base, name, 'src', 'locales');
      if (existsSync(dir) && statSync(dir).isDirectory()) roots.push(dir);
    }
  }
  return roots;
}

/** Flattens nested objects into dotted keys; arrays count as leaves. */
function flatten(value, prefix = '', out = new Map()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const problems = [];
let filesChecked = 0;

for (const dir of localeRoots()) {
  const files = new Set();
  for (const lng of LANGUAGES) {
    const lngDir = join(dir, lng);
    if (!existsSync(lngDir)) {
      problems.push(`${relative(root, lngDir)}: language folder missing`);
      continue;
    }
    for (const file of readdirSync(lngDir)) if (file.endsWith('.json')) files.add(file);
  }
  for (const file of [...files].sort()) {
    const tables = new Map();
    for (const lng of LANGUAGES) {
      const path = join(dir, lng, file);
      if (!existsSync(path)) {
        problems.push(`${relative(root, path)}: file missing`);
        continue;
      }
      try {
        tables.set(lng, flatten(JSON.parse(readFileSync(path, 'utf8'))));
        filesChecked += 1;
      } catch (error) {
        problems.push(`${relative(root, path)}: invalid JSON (${error.message})`);
      }
    }
    const allKeys = new Set([...tables.values()].flatMap((table) => [...table.keys()]));
    for (const [lng, table] of tables) {
      const path = relative(root, join(dir, lng, file));
      for (const key of [...allKeys].sort()) {
        if (!table.has(key)) problems.push(`${path}: missing key "${key}"`);
        else if (table.get(key) === '') problems.push(`${path}: empty value for "${key}"`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Locale check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`Locale check passed: ${filesChecked} files, keys match across ${LANGUAGES.join(', ')}.`);
