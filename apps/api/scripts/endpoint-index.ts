// The endpoint index (docs/endpoints.md): every API route, sorted by URL, with the files that
// serve it — its routes file, the service function its handler calls, that service's queries
// files, and the policy file of the entity its access names. Built from the running app's route
// registry (what is really served) and the source text (where it is written).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { withBuiltApp } from './openapi-document.ts';

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(folder: string, suffix: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(folder, file));
}

const shown = (file: string) => relative(SRC, file);

/** The modules a file imports, by the name it gives them (`* as lessons`, `{ list }`). */
function importsOf(file: string): Map<string, string> {
  const names = new Map<string, string>();
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^import (?!type )([^;]*?) from '(\.[^']+)';/gms)) {
    const [, clause = '', from = ''] = match;
    const target = resolve(dirname(file), from);
    const namespace = /\* as (\w+)/.exec(clause);
    if (namespace) names.set(namespace[1]!, target);
    for (const named of clause.replace(/^[^{]*\{|\}[^}]*$/g, '').split(',')) {
      const name = named
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && /^\w+$/.test(name)) names.set(name, target);
    }
  }
  return names;
}

interface Handler {
  routes: string;
  service: string | null;
  fn: string | null;
  /** The call handed the context when it goes through a local table (`relation.assign`). */
  via: string | null;
}

/**
 * The operation ids a declaration may give: `'listGroups'`, `kind === 'students' ? 'a' : 'b'`, or
 * a template (`${action}Chapter`) that any id of its shape matches.
 */
function namesOf(expression: string): { literals: string[]; template: RegExp | null } {
  const literals = [...expression.matchAll(/'(\w+)'/g)].map((match) => match[1]!);
  const template = /^`(.*)`$/.exec(expression.trim());
  return {
    literals: template ? [] : literals,
    template: template ? new RegExp(`^${template[1]!.replace(/\$\{[^}]+\}/g, '\\w+')}$`) : null,
  };
}

interface Declaration extends Handler {
  literals: string[];
  template: RegExp | null;
}

/** Every route declaration of the routes files, and the service function its handler calls. */
function declarations(): Declaration[] {
  const found: Declaration[] = [];
  for (const file of sourceFiles(SRC, '.routes.ts')) {
    const text = readFileSync(file, 'utf8');
    const imports = importsOf(file);
    // A route's own declaration, or the route kit's archive pair (`archiveRoutes(app, { name })`).
    const starts = [
      ...text.matchAll(
        /operationId:\s*([^\n]+),\n|archiveRoutes\(app, \{\n\s*entity: [^\n]+\n\s*name: ([^\n]+),\n/g,
      ),
    ];
    starts.forEach((match, index) => {
      const body = text.slice(match.index, starts[index + 1]?.index ?? text.length);
      const noun = match[2] && /^'(\w+)'$/.exec(match[2])?.[1];
      const names = match[1]
        ? namesOf(match[1])
        : noun
          ? { literals: [`archive${noun}`, `unarchive${noun}`], template: null }
          : { literals: [], template: /^(?:archive|unarchive)\w+$/ };
      // `lessons.list(app.ctx, …)` or `list(app.ctx, …)`: the first call handed the context.
      const call = /\b(?:(\w+)\.)?(\w+)\(\s*app\.ctx\b/.exec(body);
      const module = call ? imports.get(call[1] ?? call[2]!) : undefined;
      // A handler reaching its function through a local table (`ops.get(app.ctx, …)`): the
      // routes file's one service.
      const services = [...new Set(imports.values())].filter((target) =>
        target.endsWith('.service.ts'),
      );
      const service = module?.endsWith('.service.ts')
        ? module
        : call && services.length === 1
          ? services[0]
          : undefined;
      found.push({
        ...names,
        routes: shown(file),
        service: service ? shown(service) : null,
        fn: service === module ? call![2]! : null,
        via: call && !service ? call[0].replace(/\(.*$/s, '') : null,
      });
    });
  }
  return found;
}

/** The declaration of an operation: the one naming it, else the template it fits. */
function handlerOf(all: Declaration[], operationId: string): Handler | undefined {
  return (
    all.find((declaration) => declaration.literals.includes(operationId)) ??
    all.find((declaration) => declaration.template?.test(operationId))
  );
}

/** The queries files a service imports. */
function queriesOf(service: string): string[] {
  return [...new Set(importsOf(join(SRC, service)).values())]
    .filter((target) => target.endsWith('.queries.ts'))
    .map(shown)
    .sort();
}

/** The policy file that holds each entity's rule. */
function policyFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of sourceFiles(join(SRC, 'auth/policy'), '.ts')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^ {2}(\w+): \{/gm)) {
      files.set(match[1]!, shown(file));
    }
  }
  return files;
}

const code = (text: string) => `\`${text}\``;

/** The markdown of docs/endpoints.md. */
export async function endpointIndex(): Promise<string> {
  const routes = await withBuiltApp((app) => [...app.routeRegistry]);
  const declared = declarations();
  const policies = policyFiles();
  const rows = routes
    .filter((route) => route.operationId !== undefined)
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((route) => {
      const handler = handlerOf(declared, route.operationId!);
      const access = route.access;
      const gate =
        'entity' in access
          ? code(`${access.entity}:${access.action}`)
          : 'public' in access
            ? 'public'
            : 'signed in';
      const policy = 'entity' in access ? policies.get(access.entity) : undefined;
      const service = handler?.service
        ? `${code(handler.service)}${handler.fn ? ` ${code(handler.fn)}` : ''}`
        : handler?.via
          ? `${code(handler.via)}, from a table of the routes file`
          : '(in the routes file)';
      const queries = handler?.service ? queriesOf(handler.service).map(code).join(' ') : '';
      return `| ${route.method} ${code(route.url)} | ${gate} | ${handler ? code(handler.routes) : ''} | ${service} | ${queries} | ${policy ? code(policy) : ''} |`;
    });
  return `${[
    '# Endpoints',
    '',
    'Generated by `npm run generate:endpoints` from the routes the API serves: do not edit.',
    '`npm test` fails when this file is not what the routes generate (`apps/api/test/endpoints-doc.test.ts`).',
    '',
    'Every API route, sorted by URL: the grant its declared access asks (`entity:action`; checked',
    'before the handler runs, see docs/architecture.md), the routes file that declares it, the',
    'service function its handler calls, the queries files of that service, and the policy file of',
    'the entity (which rows `can(actor, action, entity)` lets through). Paths are under',
    '`apps/api/src/`. A URL shared by several modules (`/api/me/…`, `/api/evaluations/…`) keeps',
    'the address the web and the API contract use; this table says which module serves each.',
    '',
    '| Route | Access | Routes file | Service | Queries | Policy |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n')}\n`;
}
