// Kept apart from the zod schemas: the footer of every page reads it, and the first page's
// bundle must not carry zod (docs/decisions.md, 145).

/** The platform's own contact details (footer contact block; requests without an institution). */
export const PLATFORM_CONTACT = {
  email: 'contact@skolar.test',
  phone: '+33 1 84 60 20 24',
  address: '12 rue des Écoles, 75005 Paris, France',
} as const;
