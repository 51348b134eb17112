import type { Catalogue } from './catalogues.ts';

const files = import.meta.glob<Catalogue>('./de/*.json', { eager: true, import: 'default' });

/** The German catalogue: its area files side by side (their top-level keys differ). */
export const catalogue: Catalogue = Object.assign({}, ...Object.values(files));
