// `npm run bench -- --size S|M|L --db pglite|postgres --duration <s> [--connections N] [--scenario]`
//
// Generates (or reuses) a dataset, starts the built server (apps/api/dist/server.js) as its own
// process, warms it up and loads it from other processes: autocannon (bench/load.ts) endpoint by
// endpoint, or the virtual users of bench/scenario.ts. Prints the figures and writes
// bench/results/latest.json. It measures; it never fails on speed.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashToken, newToken } from '../apps/api/src/auth/tokens.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import {
  type BenchTargets,
  type GenerationResult,
  generate,
  SIZES,
  type Size,
} from './generate.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const here = resolve(root, 'bench');

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: 'S' },
    db: { type: 'string', default: 'pglite' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    scenario: { type: 'boolean', default: false },
    only: { type: 'string' },
    regenerate: { type: 'boolean', default: false },
  },
});
const size = args.size!.toUpperCase() as Size;
if (!(size in SIZES)) throw new Error(`--size must be S, M or L (got ${args.size})`);
const kind = args.db as 'pglite' | 'postgres';
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db must be pglite or postgres');
const duration = Number(args.duration);
const connections = Number(args.connections);
const warmup = Number(args.warmup);

const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const databaseName = `skolar_bench_${size.toLowerCase()}`;
const dataDir = resolve(here, '.data', size);
const metaFile = resolve(dataDir, `${kind}.json`);
const BENCH_AGENT = 'skolar-bench';

interface Meta extends GenerationResult {
  size: Size;
  db: string;
  generated_at: string;
  seconds: number;
}

function open(): Promise<Database> {
  return kind === 'postgres'
    ? openDatabase({ kind: 'postgres', url: `${PG_BASE}/${databaseName}`, max: 4 })
    : openDatabase({ kind: 'pglite', dataDir });
}

/** Generates the size once; a later run reuses the data (--regenerate starts again). */
async function ensureData(): Promise<Meta> {
  if (existsSync(metaFile) && !args.regenerate)
    return JSON.parse(readFileSync(metaFile, 'utf8')) as Meta;
  mkdirSync(dataDir, { recursive: true });
  rmSync(metaFile, { force: true });
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName}`);
    await admin.query(`create database ${databaseName}`);
    await admin.end();
  } else {
    rmSync(resolve(dataDir, 'db'), { recursive: true, force: true });
  }
  console.log(
    `bench: generating size ${size} into ${kind === 'postgres' ? databaseName : dataDir}`,
  );
  const started = performance.now();
  const database = await open();
  let result: GenerationResult;
  try {
    result = await generate(database.db, size, (line) => console.log(line));
  } finally {
    await database.close();
  }
  const meta: Meta = {
    size,
    db: kind,
    generated_at: new Date().toISOString(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...result,
  };
  writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`bench: generated in ${meta.seconds} s`, meta.counts);
  return meta;
}

/** Today's date in the institutions' zone, where the bench's exams are open all day. */
const todayInParis = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

interface Tokens {
  student: string;
  teacher: string;
  burst: string[];
}

/**
 * Before the server starts (PGlite allows one process): the bench's exams open today with no
 * attempt yet, the previous runs' sessions gone, fresh sessions for the bench's users.
 */
async function prepare(targets: BenchTargets): Promise<Tokens> {
  const database = await open();
  const { db } = database;
  const exams = [targets.exam, targets.burstExam, ...new Set(targets.scenario.map((s) => s.exam))];
  const list = sql.join(
    exams.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`update evaluations set date = ${todayInParis()} where id in (${list})`);
  await db.execute(sql`delete from attempts where evaluation_id in (${list})`);
  await db.execute(sql`delete from sessions`);
  const now = new Date();
  const sessionFor = async (userId: number) => {
    const token = newToken();
    await db.execute(sql`
      insert into sessions (user_id, token_hash, last_seen_at, expires_at, user_agent, ip)
      values (${userId}, ${hashToken(token)}, ${now}, ${new Date(now.getTime() + 8 * 3_600_000)},
        ${BENCH_AGENT}, '127.0.0.1')`);
    return token;
  };
  const tokens: Tokens = {
    student: await sessionFor(targets.student),
    teacher: await sessionFor(targets.teacher),
    burst: [],
  };
  for (const student of targets.promotionStudents.slice(0, 100))
    tokens.burst.push(await sessionFor(student));
  await database.close();
  return tokens;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const server = resolve(root, 'apps/api/dist/server.js');
  if (!existsSync(server)) {
    console.log('bench: building the API (npm run build -w apps/api)');
    execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    SEED: 'none',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    MFA_ENCRYPTION_KEY: 'bench-only-mfa-key-of-more-than-32-characters',
    // The scenario's virtual users each come from their own address (X-Forwarded-For), as
    // students do: the per-address sign-in limit stays what it is in production.
    TRUST_PROXY: 'true',
    ...(kind === 'postgres'
      ? { DATABASE_URL: `${PG_BASE}/${databaseName}`, DATA_DIR: resolve(dataDir, 'files') }
      : { DATA_DIR: dataDir }),
  };
  const child = spawn(process.execPath, [server], { cwd: root, env, stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer /api/health within 120 s');
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  token?: string;
  body?: unknown;
  /** The ratio to /api/health this route should reach (issue 16, PostgreSQL size M). */
  target?: number;
}

interface Figures {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

function load(base: string, endpoint: Endpoint, seconds: number, conns: number): Promise<Figures> {
  const options = {
    url: `${base}${endpoint.path}`,
    method: endpoint.method,
    connections: conns,
    duration: seconds,
    headers: {
      // What a browser sends: the answers that are compressed (the cached catalogue) come so.
      'accept-encoding': 'gzip, deflate, br',
      ...(endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {}),
      ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
  };
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(here, 'load.ts'), JSON.stringify(options)],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(JSON.parse(out) as Figures) : fail(new Error(`load.ts exited ${code}`)),
    );
  });
}

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

function endpoints(targets: BenchTargets, tokens: Tokens, attemptId: number): Endpoint[] {
  const month = new Date();
  const start = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
  const end = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  const range = `start=${start.toISOString()}&end=${end.toISOString()}`;
  const student = tokens.student;
  const teacher = tokens.teacher;
  const typed = new Date().toISOString();
  return [
    { name: 'health', method: 'GET', path: '/api/health' },
    { name: 'catalogue', method: 'GET', path: '/api/event/training', target: 0.5 },
    { name: 'catalogue-institutions', method: 'GET', path: '/api/event/institution' },
    { name: 'auth-info', method: 'GET', path: '/api/auth/info', token: student, target: 0.3 },
    { name: 'dashboard', method: 'GET', path: '/api/me/dashboard', token: student },
    { name: 'trainings', method: 'GET', path: '/api/me/trainings', token: student },
    {
      name: 'training',
      method: 'GET',
      path: `/api/me/trainings/${targets.training}`,
      token: student,
    },
    {
      name: 'chapter',
      method: 'GET',
      path: `/api/me/chapters/${targets.chapter}?subjectId=${targets.subject}`,
      token: student,
    },
    { name: 'evaluations', method: 'GET', path: '/api/me/evaluations', token: student },
    { name: 'results', method: 'GET', path: '/api/me/results', token: student },
    { name: 'transcript', method: 'GET', path: '/api/me/transcript', token: student, target: 0.2 },
    // The same transcript as its teacher reads it: never cached, so what a student's first read
    // after a publication costs (decision 168).
    {
      name: 'transcript-uncached',
      method: 'GET',
      path: `/api/students/${targets.student}/transcript`,
      token: teacher,
    },
    { name: 'calendar', method: 'GET', path: `/api/events?${range}`, token: student },
    { name: 'planning', method: 'GET', path: `/api/me/planning?${range}`, token: student },
    {
      name: 'grade-grid',
      method: 'GET',
      path: `/api/evaluations/${targets.gridEvaluation}/results`,
      token: teacher,
    },
    {
      name: 'grade-grid-save',
      method: 'PUT',
      path: `/api/evaluations/${targets.gridEvaluation}/results`,
      token: teacher,
      body: {
        results: targets.promotionStudents.map((student_id, s) => ({
          student_id,
          grade: 8 + (s % 12),
        })),
      },
    },
    {
      name: 'exam-start',
      method: 'POST',
      path: `/api/evaluations/${targets.exam}/attempts`,
      token: student,
    },
    {
      name: 'answer-autosave',
      method: 'PUT',
      path: `/api/attempts/${attemptId}/answers`,
      token: student,
      body: {
        answers: targets.examQuestions
          .slice(0, 3)
          .map((question_id, q) => ({ question_id, value: { choices: [q % 4] }, typed_at: typed })),
      },
    },
  ];
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);

/**
 * PostgreSQL only: statements and rows read per request, from the database's own counters
 * (pg_stat_database) around 20 sequential requests. Every statement outside a transaction is a
 * transaction of its own, so the first figure counts statements (a transaction counts once).
 */
async function profile(base: string, endpoint: Endpoint) {
  const client = new pg.Client({ connectionString: `${PG_BASE}/${databaseName}` });
  await client.connect();
  const read = async () => {
    await new Promise((done) => setTimeout(done, 1200));
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ xacts: string; rows: string }>(
      `select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as rows
         from pg_stat_database where datname = $1`,
      [databaseName],
    );
    return { xacts: Number(rows[0]!.xacts), rows: Number(rows[0]!.rows) };
  };
  const runs = 20;
  const before = await read();
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const response = await fetch(`${base}${endpoint.path}`, {
      method: endpoint.method,
      headers: {
        ...(endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {}),
        ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
      },
      body: endpoint.body ? JSON.stringify(endpoint.body) : undefined,
    });
    bytes += (await response.arrayBuffer()).byteLength;
  }
  const after = await read();
  await client.end();
  // Two reads of the counters are two transactions of their own.
  return {
    statements: Math.round(((after.xacts - before.xacts - 2) / runs) * 10) / 10,
    rows_read: Math.round((after.rows - before.rows) / runs),
    response_bytes: Math.round(bytes / runs),
  };
}

async function endpointBench(meta: Meta, tokens: Tokens, base: string) {
  // The exam is started once here so the autosave has its attempt; the measured starts resume it.
  const attempt = await call(
    base,
    'POST',
    `/api/evaluations/${meta.targets.exam}/attempts`,
    tokens.student,
  );
  const all = endpoints(meta.targets, tokens, Number((attempt as { id: number }).id));
  const chosen = args.only
    ? all.filter((e) => e.name === 'health' || args.only!.split(',').includes(e.name))
    : all;
  console.log(
    `Skolar bench — size ${size}, ${kind}, ${connections} connections, no pipelining, ${warmup} s warm-up + ${duration} s per endpoint`,
  );
  for (const endpoint of chosen) await load(base, endpoint, warmup, Math.min(connections, 10));
  const rows: (Endpoint & Figures & { ratio: number })[] = [];
  let health = 0;
  console.log('');
  console.log(
    [
      'endpoint'.padEnd(24),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'ratio'.padStart(7),
      'failed'.padStart(8),
      '  target',
    ].join(''),
  );
  for (const endpoint of chosen) {
    const figures = await load(base, endpoint, duration, connections);
    if (endpoint.name === 'health') health = figures.rps;
    const ratio = health > 0 ? figures.rps / health : 0;
    rows.push({ ...endpoint, ...figures, ratio });
    const verdict =
      endpoint.target === undefined
        ? ''
        : `  ≥ ${endpoint.target}× health: ${ratio >= endpoint.target ? 'met' : 'NOT MET'}`;
    console.log(
      [
        endpoint.name.padEnd(24),
        fmt(figures.rps).padStart(8),
        fmt(figures.p50_ms).padStart(8),
        fmt(figures.p99_ms).padStart(8),
        fmt(ratio, 3).padStart(7),
        String(figures.non2xx + figures.errors).padStart(8),
        verdict,
      ].join(''),
    );
  }
  const profiles = new Map<string, Awaited<ReturnType<typeof profile>>>();
  if (kind === 'postgres') {
    console.log('\nper request (PostgreSQL counters, 20 sequential requests each):');
    console.log(
      `${'endpoint'.padEnd(24)}${'statements'.padStart(11)}${'rows read'.padStart(11)}${'bytes'.padStart(10)}`,
    );
    for (const endpoint of chosen) {
      const figures = await profile(base, endpoint);
      profiles.set(endpoint.name, figures);
      console.log(
        `${endpoint.name.padEnd(24)}${String(figures.statements).padStart(11)}${String(figures.rows_read).padStart(11)}${String(figures.response_bytes).padStart(10)}`,
      );
    }
  }
  const report = {
    size,
    db: kind,
    connections,
    duration_s: duration,
    measured_at: new Date().toISOString(),
    counts: meta.counts,
    endpoints: rows.map((row) => ({
      name: row.name,
      method: row.method,
      path: row.path,
      rps: Math.round(row.rps * 10) / 10,
      p50_ms: row.p50_ms,
      p99_ms: row.p99_ms,
      ratio: Math.round(row.ratio * 1000) / 1000,
      ...(row.target === undefined ? {} : { target: row.target }),
      non2xx: row.non2xx,
      errors: row.errors,
      statuses: row.statuses,
      ...(profiles.get(row.name) ?? {}),
    })),
  };
  writeResults(`endpoints-${size}-${kind}`, report);
}

/** The machine: its cores and its load (1, 5, 15 min) when the run started and when it ended. */
const loadAtStart = loadavg();

function writeResults(name: string, report: object) {
  const dir = resolve(here, 'results');
  mkdirSync(dir, { recursive: true });
  const machine = {
    cores: cpus().length,
    load_at_start: loadAtStart.map((v) => Math.round(v * 10) / 10),
    load_at_end: loadavg().map((v) => Math.round(v * 10) / 10),
  };
  console.log(
    `bench: ${machine.cores} cores, load average ${machine.load_at_start.join(' ')} at start, ${machine.load_at_end.join(' ')} at end`,
  );
  const text = `${JSON.stringify({ ...report, machine }, null, 2)}\n`;
  writeFileSync(resolve(dir, `${name}.json`), text);
  writeFileSync(resolve(dir, 'latest.json'), text);
  console.log(`\nbench: wrote bench/results/latest.json and bench/results/${name}.json`);
}

function scenarioRun(meta: Meta, tokens: Tokens, base: string): Promise<void> {
  const input = resolve(dataDir, `scenario-input-${kind}.json`);
  writeFileSync(input, JSON.stringify({ base, targets: meta.targets, burst: tokens.burst }));
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(here, 'scenario.ts'), input],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      out += text;
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      rmSync(input, { force: true });
      if (code !== 0) return fail(new Error(`scenario.ts exited ${code}`));
      const report = JSON.parse(out) as { lines: string[] };
      for (const line of report.lines) console.log(line);
      writeResults(`scenario-${size}-${kind}`, { size, db: kind, ...report, lines: undefined });
      done();
    });
  });
}

const meta = await ensureData();
const tokens = await prepare(meta.targets);
const { base, child } = await startServer();
try {
  if (args.scenario) await scenarioRun(meta, tokens, base);
  else await endpointBench(meta, tokens, base);
} finally {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
