import type { PageHref, PagePath } from '@skolar/shared';
import { generatePath } from 'react-router';

/** The parameter names of a route pattern: `/:id?/promotions/:promotionId` → `id?` | `promotionId`. */
type Names<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | Names<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a page's pattern takes: each `:param`, the optional ones (`:param?`) optional. */
export type PageParams<P extends string> = {
  [K in Names<P> as K extends `${string}?` ? never : K]: string | number;
} & {
  [K in Names<P> as K extends `${infer Name}?` ? Name : never]?: string | number;
};

/**
 * The address of a page of the route table from its pattern and its values (React Router's
 * `generatePath`): the pattern must be a page of the table and every parameter given, or the
 * typecheck fails (`pagePath('/modules/:moduleId', { moduleId: 7 })` → `/modules/7`).
 */
export function pagePath<P extends PagePath>(
  pattern: P,
  ...[params]: Names<P> extends never ? [] : [PageParams<P>]
): PageHref {
  const values = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [name, String(value)]),
  );
  return generatePath(pattern, values as never) as PageHref;
}
