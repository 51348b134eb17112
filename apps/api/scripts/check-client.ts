// `npm run check:client`: does a client generated from the OpenAPI document fit the web app's calls?
//
// 1. Builds the document in this process (no server) and generates its TypeScript types with
//    openapi-typescript into a temporary folder.
// 2. Reads every call of the web's HTTP client (`http.get/post/put/patch/delete` of
//    apps/web/src/lib/http.ts) in apps/web/src with the TypeScript compiler, and works out the
//    paths it may call: literal text, `${…}` of a literal type (`'archive' | 'unarchive'`), or a
//    parameter in its place; the query string is left out.
// 3. Writes a small module beside the generated types that names, for each call, the operation
//    (`paths['/api/modules/{id}']['patch']`), its JSON answer and its JSON body, and type-checks it
//    together with the web's sources: a path or method the document lacks does not compile; the
//    documented answer must be assignable to the type the web expects (`http.get<T>`), and the
//    body the web sends must be assignable to the documented body.
// Exits non-zero on any mismatch. Calls whose path is only known at run time (a `path` prop) are
// counted, and every '/api/…' text in the web's sources must still be a documented path.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { buildOpenApiDocument } from './openapi-document.ts';

const root = resolve(import.meta.dirname, '../../..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];
/** Stands for a value only known at run time inside a path text. */
const PARAM = '\u0000';

/** A path as the web may call it: literal segments, or null where a parameter goes. */
type Template = (string | null)[];

interface Call {
  where: string;
  method: Method;
  templates: Template[];
  responseType?: ts.Type;
  bodyType?: ts.Type;
  node: ts.CallExpression;
}

/**
 * Shape mismatches found when this check was written, each with what is wrong. Fixing one takes a
 * change in apps/web/src or in the route's schema; then remove its line: a listed mismatch that no
 * longer happens fails the check too, so the list only shrinks. Keyed by file, method, path, and
 * whether the answer or the body differs.
 */
export const KNOWN: Record<string, string> = {};

export interface ClientCheck {
  /** Mismatches that fail the check. */
  failures: string[];
  /** Known mismatches, still there. */
  known: string[];
  summary: string;
}

/**
 * Checks the calls of a web app's sources (its tsconfig.json) against an OpenAPI document;
 * `known` lists the shape mismatches to report without failing (see KNOWN).
 */
export async function checkClient(options: {
  document: { paths: Record<string, object> };
  webTsconfig: string;
  known: Record<string, string>;
}): Promise<ClientCheck> {
  const report: ClientCheck = { failures: [], known: [], summary: '' };
  const documented = Object.entries(options.document.paths).map(([path, item]) => ({
    path,
    segments: path.split('/').filter(Boolean),
    methods: new Set(Object.keys(item)),
  }));
  const seenKnown = new Set<string>();
  const fail = (message: string) => {
    report.failures.push(message);
  };
  /** A shape mismatch: a known one is reported apart, any other fails the check. */
  const mismatch = (key: string, message: string) => {
    if (key in options.known) {
      seenKnown.add(key);
      report.known.push(`${message}\n  (${options.known[key]})`);
    } else fail(message);
  };
  /** The documented paths a call may reach, each checked for its method. */
  function resolveOperations(call: Call): string[] {
    if (call.templates.length === 0) return [];
    const found = new Set<string>();
    for (const template of call.templates) {
      // As the router does: literal segments beat parameters (`/api/me/sessions/revoke-others`).
      const entry = documented
        .filter((candidate) => matches(candidate.segments, template))
        .sort((a, b) => literalCount(b.segments) - literalCount(a.segments))[0];
      const shown = `/${template.map((segment) => segment ?? '{…}').join('/')}`;
      if (!entry)
        fail(`${call.where}: ${call.method.toUpperCase()} ${shown} is no path of the document`);
      else if (!entry.methods.has(call.method)) {
        fail(`${call.where}: ${entry.path} has no ${call.method.toUpperCase()} in the document`);
      } else found.add(entry.path);
    }
    return [...found];
  }

  const dir = mkdtempSync(join(tmpdir(), 'skolar-client-'));
  try {
    writeFileSync(
      join(dir, 'openapi.d.ts'),
      astToString(await openapiTS(options.document as never)),
    );

    const config = ts.getParsedCommandLineOfConfigFile(
      options.webTsconfig,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    if (!config) throw new Error(`${options.webTsconfig} could not be read`);
    const sources = config.fileNames.filter(
      (file) => file.includes('/src/') && !/\.test\.tsx?$|\/src\/test\//.test(file),
    );

    // First pass: the calls and the literal '/api/…' texts, from a program of the web alone.
    const webProgram = ts.createProgram(sources, config.options);
    const { calls, apiTexts } = collect(webProgram, sources);

    // Every call must name a documented operation; the module below then checks the shapes.
    const checked = calls.map((call) => ({ call, operations: resolveOperations(call) }));
    for (const text of apiTexts) {
      if (!documented.some((entry) => matches(entry.segments, text.template))) {
        fail(`${text.where}: ${text.text} is no path of the document`);
      }
    }

    const lines = [
      "import type { paths } from './openapi.d.ts';",
      '',
      'type Success<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A',
      '  : R extends { 204: unknown } ? { content?: never } : never;',
      '/** The JSON an operation answers on success (undefined for 204). */',
      'type Answer<O> = O extends { responses: infer R }',
      "  ? Success<R> extends { content: { 'application/json': infer J } } ? J : undefined",
      '  : never;',
      '/** The JSON body an operation takes (never when it takes none). */',
      "type Body<O> = O extends { requestBody?: { content: { 'application/json': infer J } } } ? J : never;",
      '',
    ];
    checked.forEach(({ call, operations }, index) => {
      const names = operations.map((path) => `paths['${path}']['${call.method}']`);
      lines.push(
        `// ${call.where}: ${call.method.toUpperCase()} ${operations.join(' | ') || '(unknown)'}`,
      );
      lines.push(`export type Operation${index} = ${names.length ? names.join(' | ') : 'never'};`);
      lines.push(`export type Answer${index} = Answer<Operation${index}>;`);
      lines.push(`export type Body${index} = Body<Operation${index}>;`);
    });
    const contract = join(dir, 'contract.ts');
    writeFileSync(contract, `${lines.join('\n')}\n`);

    // Second pass: the web's sources and the contract in one program, so their types compare.
    const program = ts.createProgram([...sources, contract], config.options);
    const checker = program.getTypeChecker();
    const contractFile = program.getSourceFile(contract)!;
    for (const diagnostic of ts.getPreEmitDiagnostics(program, contractFile)) {
      fail(`contract: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    }
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(contractFile)!);
    const contractType = (name: string) =>
      checker.getDeclaredTypeOfSymbol(exported.find((symbol) => symbol.name === name)!);
    const again = collect(program, sources).calls;

    let shapes = 0;
    checked.forEach(({ call, operations }, index) => {
      if (operations.length === 0) return;
      const web = again[index]!;
      if (web.responseType) {
        const answer = contractType(`Answer${index}`);
        if (!checker.isTypeAssignableTo(answer, web.responseType)) {
          mismatch(
            `${file(call)} ${call.method.toUpperCase()} ${operations.join(' | ')} answer`,
            `${call.where}: ${call.method.toUpperCase()} ${operations.join(' | ')} answers\n    ${checker.typeToString(answer)}\n  where the web expects\n    ${checker.typeToString(web.responseType)}`,
          );
        }
        shapes += 1;
      }
      if (web.bodyType && !isFileBody(checker, web.bodyType)) {
        const body = contractType(`Body${index}`);
        if (!checker.isTypeAssignableTo(web.bodyType, body)) {
          mismatch(
            `${file(call)} ${call.method.toUpperCase()} ${operations.join(' | ')} body`,
            `${call.where}: ${call.method.toUpperCase()} ${operations.join(' | ')} takes\n    ${checker.typeToString(body)}\n  where the web sends\n    ${checker.typeToString(web.bodyType)}`,
          );
        }
        shapes += 1;
      }
    });

    for (const key of Object.keys(options.known)) {
      if (!seenKnown.has(key)) fail(`${key} now fits: remove it from KNOWN in this script`);
    }

    const dynamic = calls.filter((call) => call.templates.length === 0).length;
    report.summary = `${calls.length} calls of the web's HTTP client: ${calls.length - dynamic} with a known path (${shapes} answer and body shapes compared), ${dynamic} whose path is a value passed in; ${apiTexts.length} '/api/…' texts in the web's sources.`;
    return report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a script: the real document against apps/web, with the known mismatches.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await checkClient({
    document: (await buildOpenApiDocument()) as { paths: Record<string, object> },
    webTsconfig: join(root, 'apps/web/tsconfig.json'),
    known: KNOWN,
  });
  for (const known of result.known) console.warn(`! known, to fix: ${known}`);
  for (const failure of result.failures) console.error(`✗ ${failure}`);
  console.log(result.summary);
  if (result.failures.length > 0) {
    console.error(
      `\n${result.failures.length} mismatch(es) between the web's calls and the OpenAPI document.`,
    );
    process.exit(1);
  }
  console.log('The web fits a client generated from the OpenAPI document.');
}

function file(call: Call): string {
  return call.where.replace(/:\d+$/, '');
}

function literalCount(segments: string[]): number {
  return segments.filter((segment) => !segment.startsWith('{')).length;
}

/** A documented path's segments against a template: `{x}` takes a parameter, text equal text. */
function matches(documentedSegments: string[], template: Template): boolean {
  return (
    documentedSegments.length === template.length &&
    documentedSegments.every((segment, i) =>
      segment.startsWith('{') ? template[i] !== undefined : segment === template[i],
    )
  );
}

function collect(program: ts.Program, files: string[]) {
  const checker = program.getTypeChecker();
  const calls: Call[] = [];
  const apiTexts: { where: string; text: string; template: Template }[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source || file.endsWith('/lib/http.ts')) continue;
    const visit = (node: ts.Node) => {
      const where = () => {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        return `${relative(root, file)}:${line + 1}`;
      };
      if (ts.isCallExpression(node) && isHttpCall(node)) {
        const method = (node.expression as ts.PropertyAccessExpression).name.text as Method;
        const [pathArgument, bodyArgument] = node.arguments;
        const typeArgument = node.typeArguments?.[0];
        calls.push({
          where: where(),
          method,
          node,
          templates: pathArgument ? templatesOf(checker, pathArgument) : [],
          responseType:
            typeArgument && !namesTypeParameter(checker, typeArgument)
              ? checker.getTypeFromTypeNode(typeArgument)
              : undefined,
          bodyType:
            bodyArgument && method !== 'get' && method !== 'delete'
              ? checker.getTypeAtLocation(bodyArgument)
              : undefined,
        });
        // The path argument is checked with the call, not again as a text.
        for (const argument of node.arguments.slice(1)) visit(argument);
        return;
      }
      if (
        (ts.isStringLiteral(node) ||
          ts.isNoSubstitutionTemplateLiteral(node) ||
          ts.isTemplateExpression(node)) &&
        /^\/api\//.test(ts.isTemplateExpression(node) ? node.head.text : node.text)
      ) {
        for (const template of templatesOf(checker, node)) {
          apiTexts.push({ where: where(), text: node.getText(source), template });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { calls, apiTexts };
}

function isHttpCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'http' &&
    (METHODS as readonly string[]).includes(callee.name.text)
  );
}

/**
 * The paths an expression may hold, as templates; [] when it is only known at run time. Text after
 * `?` (the query) is dropped; `${x}` becomes each literal x may be, or a parameter.
 */
function templatesOf(checker: ts.TypeChecker, expression: ts.Expression): Template[] {
  const texts = textsOf(checker, expression);
  if (texts === null) return [];
  return texts
    .map((text) => text.split('?')[0]!)
    .filter((text) => text.startsWith('/api/'))
    .map((text) =>
      text
        .split('/')
        .filter(Boolean)
        .map((segment) => (segment.includes(PARAM) ? null : segment)),
    );
}

/** Every text an expression may be, with PARAM where a value is unknown; null when unknowable. */
function textsOf(checker: ts.TypeChecker, expression: ts.Expression): string[] | null {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [expression.text];
  }
  if (ts.isParenthesizedExpression(expression)) return textsOf(checker, expression.expression);
  if (ts.isConditionalExpression(expression)) {
    const whenTrue = textsOf(checker, expression.whenTrue);
    const whenFalse = textsOf(checker, expression.whenFalse);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  if (ts.isTemplateExpression(expression)) {
    let texts = [expression.head.text];
    for (const span of expression.templateSpans) {
      const parts = literalTexts(checker, span.expression) ?? [PARAM];
      texts = texts.flatMap((text) => parts.map((part) => text + part + span.literal.text));
    }
    return texts;
  }
  return literalTexts(checker, expression);
}

/** The string literals an expression's type allows, or null when it is wider (string, number…). */
function literalTexts(checker: ts.TypeChecker, expression: ts.Expression): string[] | null {
  if (ts.isConditionalExpression(expression) || ts.isParenthesizedExpression(expression)) {
    return textsOf(checker, expression);
  }
  const type = checker.getTypeAtLocation(expression);
  const members = type.isUnion() ? type.types : [type];
  if (members.every((member) => member.isStringLiteral())) {
    return members.map((member) => (member as ts.StringLiteralType).value);
  }
  return null;
}

/** True when a type written in the web names a type parameter (`ListAnswer<T>`): not comparable. */
function namesTypeParameter(checker: ts.TypeChecker, node: ts.Node): boolean {
  if (ts.isTypeReferenceNode(node)) {
    const symbol = checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.TypeParameter) return true;
  }
  return ts.forEachChild(node, (child) => namesTypeParameter(checker, child) || undefined) ?? false;
}

function isFileBody(checker: ts.TypeChecker, type: ts.Type): boolean {
  const name = checker.typeToString(type);
  return name === 'FormData' || name === 'Blob' || name === 'File';
}
