import type { PageRegistry } from './types.ts';

const homePage = () => import('../../features/catalogue/home-page.tsx').then((m) => m.HomePage);

/** The public site: landing page, catalogue, contact, FAQ. */
export const publicPages: PageRegistry = {
  '/': homePage,
  // The spec: the terms route shows the home page.
  '/condition-utilisateur': homePage,
};
