// One autocannon run in a process of its own (run.ts starts it), so the load generator never shares
// the server's event loop. argv[2]: the autocannon options as JSON; prints the figures as JSON.

import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon({ ...options, pipelining: 1 });
const statuses = result.statusCodeStats as unknown as Record<string, { count: number }> | undefined;
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(statuses ?? {}).map(([code, stat]) => [code, stat.count]),
    ),
  }),
);
