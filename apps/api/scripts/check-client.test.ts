import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkClient } from './check-client.ts';

// A miniature web app (fixtures/client-web/src/api.ts) against a miniature document: what the
// check must accept and what it must refuse, with its messages.
const thing = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }];
const document = {
  openapi: '3.0.3',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/api/things': {
      get: {
        responses: {
          200: {
            description: 'ok',
            ...json({
              type: 'object',
              properties: { data: { type: 'array', items: thing } },
              required: ['data'],
            }),
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          }),
        },
        responses: { 201: { description: 'created', ...json(thing) } },
      },
    },
    '/api/things/mine': {
      get: { responses: { 200: { description: 'ok', ...json({ type: 'array', items: thing }) } } },
    },
    '/api/things/{id}': {
      get: { parameters: id, responses: { 200: { description: 'ok', ...json(thing) } } },
      delete: { parameters: id, responses: { 204: { description: 'gone' } } },
    },
    '/api/things/{id}/archive': {
      post: { parameters: id, responses: { 200: { description: 'ok', ...json(thing) } } },
    },
  },
};
const webTsconfig = join(import.meta.dirname, 'fixtures/client-web/tsconfig.json');
const at = (line: number) => `apps/api/scripts/fixtures/client-web/src/api.ts:${line}`;

describe('check:client', () => {
  it('refuses a missing path or method, an answer short of what the web expects, a wrong body', async () => {
    const result = await checkClient({ document, webTsconfig, known: {} });
    expect(result.failures).toEqual([
      `${at(13)}: POST /api/things/{…}/unarchive is no path of the document`,
      `${at(14)}: /api/things/{id} has no PUT in the document`,
      `${at(20)}: '/api/nowhere' is no path of the document`,
      expect.stringMatching(
        new RegExp(
          `^${at(16)}: GET /api/things/\\{id\\} answers\\n    \\{ id: number; name: string; \\}\\n  where the web expects\\n    \\{ id: number; name: string; colour: string; \\}$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${at(17)}: POST /api/things takes\\n    \\{ name: string; \\}\\n  where the web sends\\n    \\{ name: number; \\}$`,
        ),
      ),
    ]);
    expect(result.known).toEqual([]);
    expect(result.summary).toBe(
      "11 calls of the web's HTTP client: 10 with a known path (9 answer and body shapes compared), 1 whose path is a value passed in; 1 '/api/…' texts in the web's sources.",
    );
  });

  it('reports a known mismatch without failing, and fails once it is gone', async () => {
    const result = await checkClient({
      document,
      webTsconfig,
      known: {
        'apps/api/scripts/fixtures/client-web/src/api.ts GET /api/things/{id} answer': 'colour',
        'apps/api/scripts/fixtures/client-web/src/api.ts GET /api/things answer': 'fixed long ago',
      },
    });
    expect(result.known).toEqual([
      expect.stringMatching(/GET \/api\/things\/\{id\} answers[\s\S]*\(colour\)$/),
    ]);
    expect(result.failures).toContain(
      'apps/api/scripts/fixtures/client-web/src/api.ts GET /api/things answer now fits: remove it from KNOWN in this script',
    );
    expect(result.failures.join('\n')).not.toContain('colour: string');
  });
});
