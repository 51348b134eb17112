// `npm run lighthouse` (after `npm run build`; not part of CI): Lighthouse's performance and
// accessibility scores and LCP for the landing page, the public catalogue and a student's
// dashboard, on the built app served by the API with the demo data, in Debian's Chromium.
// Lighthouse's defaults (a phone: 4× slower CPU, a slow 4G network simulated) unless `--desktop`
// (its desktop preset: 40 ms, 10 Mbit/s, the CPU as it is). Writes bench/results/lighthouse.json
// or lighthouse-desktop.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const desktop = process.argv.includes('--desktop');

const root = join(import.meta.dirname, '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3194);
const DEBUGGING_PORT = PORT + 1000;
const origin = `http://127.0.0.1:${PORT}`;
const STUDENT = { email: 'student@uni.skolar.test', password: 'Skolar#2026' };
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'public-trainings', path: '/public-trainings' },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
];

if (!existsSync(join(root, 'apps/api/dist/server.js'))) {
  console.error('lighthouse: build the app first (npm run build)');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'skolar-lighthouse-'));
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED: 'demo', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
let browser;
try {
  await waitForHealth();
  const session = await signIn();
  browser = await chromium.launchPersistentContext(join(dataDir, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
    ],
  });

  const results = [];
  let version = '';
  for (const page of PAGES) {
    if (page.signedIn) {
      // What the app keeps after a sign-in (api/session.ts): who is signed in, never the token.
      const tab = await browser.newPage();
      await tab.goto(`${origin}/favicon.svg`);
      await tab.evaluate(
        (user) => localStorage.setItem('user', JSON.stringify(user)),
        session.user,
      );
      await tab.close();
    }
    const run = await lighthouse(
      `${origin}${page.path}`,
      {
        port: DEBUGGING_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The session cookie from the API's sign-in; Lighthouse's storage reset keeps localStorage
        // (and clears the HTTP cache, so each page loads cold).
        ...(page.signedIn ? { extraHeaders: { Cookie: session.cookie } } : {}),
      },
      desktop ? desktopConfig : undefined,
    );
    const { categories, audits, finalDisplayedUrl, runtimeError } = run.lhr;
    if (runtimeError) console.error(`${page.path}: ${runtimeError.code} ${runtimeError.message}`);
    version = run.lhr.lighthouseVersion;
    if (new URL(finalDisplayedUrl).pathname !== page.path) {
      throw new Error(`${page.path} ended on ${finalDisplayedUrl}: not the page measured`);
    }
    results.push({
      page: page.name,
      path: page.path,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      lcpMs: metric(audits, 'largest-contentful-paint'),
      fcpMs: metric(audits, 'first-contentful-paint'),
      tbtMs: metric(audits, 'total-blocking-time'),
      cls: metric(audits, 'cumulative-layout-shift', 1, 3),
      transferKb: metric(audits, 'total-byte-weight', 1 / 1000),
      // Where the LCP's time goes: the element, and its phases (time to first byte, load delay,
      // load time, render delay), then the main thread's JavaScript time.
      ...lcpDetails(audits),
      scriptMs: metric(audits, 'bootup-time'),
    });
  }

  console.log('\npage               perf  a11y    LCP ms   FCP ms   TBT ms   CLS    transfer');
  for (const r of results) {
    console.log(
      `${r.path.padEnd(18)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.lcpMs).padStart(8)} ${String(r.fcpMs).padStart(8)} ${String(r.tbtMs).padStart(8)}   ${r.cls}  ${r.transferKb} kB`,
    );
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    join(root, `bench/results/${desktop ? 'lighthouse-desktop' : 'lighthouse'}.json`),
    `${JSON.stringify({ lighthouse: version, settings: desktop ? 'desktop preset (40 ms, 10 Mbit/s, no CPU slowdown)' : 'mobile, simulated throttling (Lighthouse defaults)', results }, null, 2)}\n`,
  );
  console.log(`\nwritten: bench/results/${desktop ? 'lighthouse-desktop' : 'lighthouse'}.json`);
} finally {
  await browser?.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

/** An audit's measure, scaled and rounded; null when Lighthouse could not measure it. */
function metric(audits, id, scale = 1, digits = 0) {
  const value = audits[id]?.numericValue;
  return typeof value === 'number' ? Number((value * scale).toFixed(digits)) : null;
}

/** The LCP element (its label and selector) and its phases in ms, when Lighthouse names them. */
function lcpDetails(audits) {
  const details = audits['largest-contentful-paint-element']?.details;
  const tables = details?.type === 'list' ? details.items : [details];
  const node = tables?.[0]?.items?.[0]?.node;
  const phases = tables?.[1]?.items?.map((item) => [item.phase, Math.round(item.timing)]);
  return {
    lcpElement: node ? `${node.nodeLabel} (${node.selector})` : null,
    lcpPhasesMs: phases ? Object.fromEntries(phases) : null,
  };
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${origin}/api/health`);
}

/** Signs the demo student in through the API: the Cookie header and the user the app stores. */
async function signIn() {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STUDENT),
  });
  if (!response.ok) throw new Error(`sign-in refused: ${response.status}`);
  const answer = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { cookie, user: { userId: answer.userId, role: answer.role } };
}
