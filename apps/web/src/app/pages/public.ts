import type { PageRegistry } from './types.ts';

const homePage = () => import('../home-page.tsx').then((m) => m.HomePage);

/** The public site: landing page, catalogue, contact, FAQ. */
export const publicPages: PageRegistry = {
  '/': homePage,
  // The spec: the terms route shows the home page.
  '/condition-utilisateur': homePage,
  '/public-trainings': () =>
    import('../../features/catalogue/catalogue-page.tsx').then((m) => m.CataloguePage),
  '/public-trainings/:id': () =>
    import('../../features/catalogue/training-details-page.tsx').then((m) => m.TrainingDetailsPage),
  '/public-formations': () =>
    import('../../features/catalogue/formations-page.tsx').then((m) => m.FormationsPage),
  '/contact': () => import('../../features/contact/contact-page.tsx').then((m) => m.ContactPage),
  '/faq': () => import('../../features/faq/faq-page.tsx').then((m) => m.FaqPage),
};
