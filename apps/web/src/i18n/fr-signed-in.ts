import type { Catalogue } from './catalogues.ts';

// Every French area that fr.ts leaves out (the glob's negative patterns are fr.ts's list).
const files = import.meta.glob<Catalogue>(
  [
    './fr/*.json',
    '!./fr/core.json',
    '!./fr/public.json',
    '!./fr/ui.json',
    '!./fr/account.json',
    '!./fr/seminars.json',
  ],
  { eager: true, import: 'default' },
);

/** The French areas of the signed-in pages. */
export const catalogue: Catalogue = Object.assign({}, ...Object.values(files));
