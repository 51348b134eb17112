import type { PageRegistry } from './types.ts';

/** The account's own screens: passwords, e-mail verification, profile, settings, support. */
export const accountPages: PageRegistry = {};
