// The load benchmark: a large generated dataset, the real application on loopback, autocannon
// against the hot routes. It prints figures; it is not a test and never fails on speed.

import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { RateLimits } from '../apps/api/src/auth/rate-limit.ts';
import { createSession } from '../apps/api/src/auth/sessions.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { systemClock } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema/index.ts';
import { BENCH_PASSWORD, generate } from './generate.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DURATION = env('BENCH_DURATION', 8);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const scale = {
  institutions: env('BENCH_INSTITUTIONS', 40),
  teachersPerInstitution: env('BENCH_TEACHERS', 20),
  studentsPerInstitution: env('BENCH_STUDENTS', 500),
  promotionsPerInstitution: 5,
  trainingsPerPromotion: 4,
};

const url = process.env.BENCH_DATABASE_URL;
const database = url
  ? await openDatabase({ kind: 'postgres', url, max: 20 })
  : await openDatabase({ kind: 'memory' });
const existing = await database.db.select({ id: users.id }).from(users).limit(1);
if (existing.length > 0) {
  console.error('bench: the database is not empty; point BENCH_DATABASE_URL at a fresh database.');
  process.exit(1);
}

const started = performance.now();
const counts = await generate(database.db, scale);
const generationSeconds = (performance.now() - started) / 1000;

const ctx = {
  config: loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    MFA_ENCRYPTION_KEY: 'bench-key-of-thirty-two-characters-at-least',
  }),
  db: database.db,
  clock: systemClock,
  // Sign-in limits would stop a load test at its sixth request; the bench measures the work.
  limits: new RateLimits(undefined, {
    'login:ip': { points: 1_000_000, duration: 60 },
    'login:account': { points: 1_000_000, duration: 60 },
  }),
};
const app = await buildApp(ctx, { webRoot: null });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function tokenOf(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return (await createSession(database.db, user!.id, new Date(), { ip: '127.0.0.1' })).token;
}
const root = await tokenOf('root@bench.test');
const admin = await tokenOf('admin0@bench.test');
const student = await tokenOf('student0-0@bench.test');

const scenarios: { name: string; options: autocannon.Options; budgetP99Ms: number }[] = [
  { name: 'GET /api/health', options: { url: `${address}/api/health` }, budgetP99Ms: 50 },
  {
    name: 'GET /api/auth/info (student)',
    options: { url: `${address}/api/auth/info`, headers: { authorization: `Bearer ${student}` } },
    budgetP99Ms: 150,
  },
  {
    name: 'GET /api/institutions (super-admin, search + count)',
    options: {
      url: `${address}/api/institutions?per_page=25&q=banc&sort=name`,
      headers: { authorization: `Bearer ${root}` },
    },
    budgetP99Ms: 250,
  },
  {
    name: 'GET /api/institutions/:id (admin, policy)',
    options: {
      url: `${address}/api/institutions/${counts.firstInstitutionId}`,
      headers: { authorization: `Bearer ${admin}` },
    },
    budgetP99Ms: 150,
  },
  {
    name: 'POST /api/auth/login (argon2id)',
    options: {
      url: `${address}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student0-1@bench.test', password: BENCH_PASSWORD }),
      connections: 10,
    },
    budgetP99Ms: 2000,
  },
];

console.log(
  `Skolar bench — ${database.kind}, ${CONNECTIONS} connections, ${DURATION}s per scenario`,
);
console.log(
  `dataset: ${counts.institutions} institutions, ${counts.users} users, ${counts.promotions} promotions, ` +
    `${counts.enrolments} enrolments, ${counts.trainings} trainings (generated in ${generationSeconds.toFixed(1)} s)`,
);
console.log('');
console.log(
  'scenario'.padEnd(52),
  'req/s'.padStart(8),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'non-2xx'.padStart(8),
  ' budget',
);
for (const scenario of scenarios) {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION,
    ...scenario.options,
  });
  const p99 = result.latency.p99;
  const verdict = p99 <= scenario.budgetP99Ms ? 'ok' : 'OVER';
  console.log(
    scenario.name.padEnd(52),
    result.requests.average.toFixed(0).padStart(8),
    result.latency.p50.toFixed(0).padStart(8),
    p99.toFixed(0).padStart(8),
    String(result.non2xx + result.errors).padStart(8),
    ` p99 ≤ ${scenario.budgetP99Ms} ms: ${verdict}`,
  );
}

await app.close();
await database.close();
