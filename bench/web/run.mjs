// Measures what a first visit costs: the JavaScript the home route loads (gzipped) and Lighthouse
// mobile performance for / and /register, on the built site served by the real server, in Debian's
// Chromium. Run with `npm run bench:web`; copy the printed table into docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const BUDGET_KB = 170;

const dataDir = mkdtempSync(join(os.tmpdir(), 'sorte-bench-web-'));
const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(ROOT, 'apps/web/dist'),
    DATABASE_URL: '',
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;

try {
  await waitReady();
  const jsKb = await homeJavaScriptKb();
  // Lighthouse's own advice for a score that moves between runs: the median of five. Each run's
  // score is printed too, so the spread is on record beside the median.
  const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  const scores = {};
  const spreads = {};
  for (const path of ['/', '/register']) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseScore(`${base}${path}`));
    const sorted = [...runs].sort((a, b) => a - b);
    scores[path] = sorted[Math.floor(sorted.length / 2)];
    spreads[path] = `${sorted[0]}–${sorted[sorted.length - 1]}`;
  }
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log('| measure | value | goal |');
  console.log('|---|---|---|');
  console.log(`| home route initial JavaScript (gzip) | ${jsKb.toFixed(1)} KB | ≤ ${BUDGET_KB} KB |`);
  for (const [path, score] of Object.entries(scores))
    console.log(
      `| Lighthouse mobile performance ${path} (median of ${RUNS}; range ${spreads[path]}) | ${score} | ≥ 90 |`,
    );
  console.log(
    `web: home JS ${jsKb.toFixed(1)} KB gzip, Lighthouse / ${scores['/']}, /register ${scores['/register']}`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitReady() {
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server not ready');
}

/** Sums every script the home route fetched until the network went idle, each gzipped at level 9. */
async function homeJavaScriptKb() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const bodies = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const buffers = await Promise.all(bodies);
  await browser.close();
  return buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024;
}

async function lighthouseScore(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
    });
    const lhr = result?.lhr;
    if (lhr?.runtimeError)
      console.log(`${url}: lighthouse error ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id) => lhr?.audits[id]?.displayValue ?? '?';
    console.log(
      `${url}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
        `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    return Math.round((lhr?.categories.performance.score ?? 0) * 100);
  } finally {
    await chrome.kill();
  }
}
