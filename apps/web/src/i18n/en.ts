import type { Catalogue } from './catalogues.ts';

const files = import.meta.glob<Catalogue>('./en/*.json', { eager: true, import: 'default' });

/** The English catalogue: its area files side by side (their top-level keys differ). */
export const catalogue: Catalogue = Object.assign({}, ...Object.values(files));
