// `npm run generate:endpoints` writes docs/endpoints.md, the index from each API URL to the files
// that serve it (endpoint-index.ts); `apps/api/test/endpoints-doc.test.ts` fails when it is stale.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { endpointIndex } from './endpoint-index.ts';

const target = resolve(import.meta.dirname, '../../../docs/endpoints.md');
writeFileSync(target, await endpointIndex());
console.log('docs/endpoints.md written.');
