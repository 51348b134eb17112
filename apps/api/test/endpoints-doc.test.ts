import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointIndex } from '../scripts/endpoint-index.ts';

// docs/endpoints.md leads from a URL to its routes file, service, queries and policy: a route
// added, moved or re-gated without regenerating it (`npm run generate:endpoints`) fails here.
describe('the endpoint index', () => {
  it('is what the routes the API serves generate today', async () => {
    const committed = readFileSync(new URL('../../../docs/endpoints.md', import.meta.url), 'utf8');
    const generated = await endpointIndex();
    expect(generated).toContain('| GET `/api/me/results` | `record:read` |');
    expect(committed).toBe(generated);
  }, 60_000);
});
