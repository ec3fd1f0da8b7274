#!/usr/bin/env node
// The type checks of `npm run check`, two projects at a time: each tsc is single-threaded, and run one
// after the other they left a core idle for a minute or more of every CI run.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PROJECTS = ['tsconfig.json', 'apps/server', 'apps/web', 'apps/backoffice'];
const lanes = Math.max(2, availableParallelism());
const tsc = (project) =>
  new Promise((done) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ project, code, out }));
  });

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    while (queue.length) results.push(await tsc(queue.shift()));
  }),
);
let failed = false;
for (const { project, code, out } of results) {
  if (out) process.stdout.write(out);
  if (code !== 0) {
    failed = true;
    console.error(`tsc -p ${project}: exit ${code}`);
  }
}
process.exit(failed ? 1 : 0);
