// The scenario run (run.ts --scenario), in a process of its own: shaped like Moodle's JMeter plan
// (front page, login, dashboard, course page, lesson, chapter, evaluation list, exam start,
// answers, hand-in, logout) with 100 virtual users and think time, then 100 students starting the
// same exam within one second. argv[2]: a JSON file { base, targets, burst }; prints JSON.

import { readFileSync } from 'node:fs';
import type { BenchTargets } from './generate.ts';
import { BENCH_PASSWORD } from './generate.ts';

const input = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  base: string;
  targets: BenchTargets;
  burst: string[];
};
const VUS = Number(process.env.BENCH_VUS ?? 100);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2);
const THINK_MS: [number, number] = [500, 1500];
const RAMP_UP_MS = 5000;

const timings = new Map<string, number[]>();
const failures = new Map<string, number>();
const samples: string[] = [];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));

async function request(
  step: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; from: string; expect?: number[] },
): Promise<Record<string, unknown> | null> {
  const started = performance.now();
  let status = 0;
  let payload: Record<string, unknown> | null = null;
  try {
    const response = await fetch(`${input.base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': options.from,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    status = response.status;
    const text = await response.text();
    payload = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch (error) {
    payload = { error: String(error) };
  }
  const list = timings.get(step) ?? [];
  list.push(performance.now() - started);
  timings.set(step, list);
  if (!(options.expect ?? [200]).includes(status)) {
    failures.set(step, (failures.get(step) ?? 0) + 1);
    if (samples.length < 5)
      samples.push(`${step}: ${status} ${JSON.stringify(payload).slice(0, 200)}`);
    return null;
  }
  return payload;
}

async function virtualUser(vu: number) {
  await sleep((vu * RAMP_UP_MS) / VUS);
  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const user = input.targets.scenario[vu + VUS * iteration];
    if (!user) return;
    const from = `10.${vu % 250}.${iteration}.${1 + Math.floor(vu / 250)}`;
    await request('front page', 'GET', '/api/event/training', { from });
    await request('front page', 'GET', '/api/event/institution', { from });
    await think();
    const login = await request('login', 'POST', '/api/auth/login', {
      from,
      body: { email: user.email, password: BENCH_PASSWORD },
    });
    const token = login?.accessToken as string | undefined;
    if (!token) continue;
    await think();
    await request('dashboard', 'GET', '/api/auth/info', { from, token });
    await request('dashboard', 'GET', '/api/me/dashboard', { from, token });
    await think();
    await request('course page', 'GET', `/api/me/trainings/${user.training}`, { from, token });
    await think();
    await request('lesson', 'GET', `/api/me/lessons/${user.lesson}?subjectId=${user.subject}`, {
      from,
      token,
    });
    await think();
    await request('chapter', 'GET', `/api/me/chapters/${user.chapter}?subjectId=${user.subject}`, {
      from,
      token,
    });
    await think();
    await request('evaluation list', 'GET', '/api/me/evaluations', { from, token });
    await think();
    const attempt = await request('exam start', 'POST', `/api/evaluations/${user.exam}/attempts`, {
      from,
      token,
      expect: [200, 201],
    });
    if (attempt) {
      for (const [q, question_id] of user.questions.slice(0, 5).entries()) {
        await sleep(THINK_MS[0]);
        await request('answer', 'PUT', `/api/attempts/${attempt.id}/answers`, {
          from,
          token,
          body: {
            answers: [
              { question_id, value: { choices: [q % 4] }, typed_at: new Date().toISOString() },
            ],
          },
        });
      }
      await think();
      await request('hand-in', 'POST', `/api/attempts/${attempt.id}/finish`, { from, token });
    }
    await think();
    await request('logout', 'POST', '/api/auth/logout', { from, token, expect: [204] });
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(name: string, values: number[], errors: number, target: number) {
  return {
    name,
    count: values.length,
    p50_ms: Math.round(percentile(values, 50) * 10) / 10,
    p95_ms: Math.round(percentile(values, 95) * 10) / 10,
    max_ms: Math.round(Math.max(0, ...values) * 10) / 10,
    errors,
    target_p95_ms: target,
    met: percentile(values, 95) < target && errors === 0,
  };
}

const started = performance.now();
await Promise.all(Array.from({ length: VUS }, (_, vu) => virtualUser(vu)));
const scenarioSeconds = (performance.now() - started) / 1000;
const steps = [...timings.entries()].map(([name, values]) =>
  summary(name, values, failures.get(name) ?? 0, 100),
);

// 100 students start the same exam within one second (their sessions were opened by run.ts).
const burstTimes: number[] = [];
let burstErrors = 0;
await Promise.all(
  input.burst.map(async (token, index) => {
    await sleep((index * 1000) / input.burst.length);
    const begun = performance.now();
    const response = await fetch(
      `${input.base}/api/evaluations/${input.targets.burstExam}/attempts`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.254.0.${index + 1}` },
      },
    );
    await response.text();
    burstTimes.push(performance.now() - begun);
    if (response.status !== 201) burstErrors += 1;
  }),
);
const burst = summary('100 exam starts in 1 s', burstTimes, burstErrors, 500);

const lines = [
  `Scenario: ${VUS} virtual users × ${ITERATIONS} iterations, think time ${THINK_MS[0]}–${THINK_MS[1]} ms, ${scenarioSeconds.toFixed(0)} s`,
  '',
  `${'step'.padEnd(24)}${'count'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'errors'.padStart(8)}  target`,
  ...[...steps, burst].map(
    (s) =>
      `${s.name.padEnd(24)}${String(s.count).padStart(7)}${s.p50_ms.toFixed(0).padStart(9)}${s.p95_ms.toFixed(0).padStart(9)}${s.max_ms.toFixed(0).padStart(9)}${String(s.errors).padStart(8)}  p95 < ${s.target_p95_ms} ms, 0 errors: ${s.met ? 'met' : 'NOT MET'}`,
  ),
  ...(samples.length > 0 ? ['', 'first errors:', ...samples] : []),
];
process.stdout.write(
  JSON.stringify({
    vus: VUS,
    iterations: ITERATIONS,
    think_ms: THINK_MS,
    seconds: Math.round(scenarioSeconds),
    steps,
    burst,
    lines,
  }),
);
