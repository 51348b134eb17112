import type { Catalogue } from './catalogues.ts';

// The areas the first page of a visitor needs: the chrome, the public site, sign-in and the
// account pages. The rest of the French catalogue is one chunk (fr-signed-in.ts), loaded at once
// after the first render and awaited by the signed-in pages (decision 166).
const files = import.meta.glob<Catalogue>(
  ['./fr/core.json', './fr/public.json', './fr/ui.json', './fr/account.json', './fr/seminars.json'],
  { eager: true, import: 'default' },
);

/** The French catalogue of the public pages: their area files side by side. */
export const catalogue: Catalogue = Object.assign({}, ...Object.values(files));
