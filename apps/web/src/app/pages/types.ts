import type { PagePath } from '@skolar/shared';
import type { ComponentType } from 'react';

/** Loads a screen's component on demand (one chunk per feature). */
export type PageLoader = () => Promise<ComponentType>;

/** Screens by route path of the shared table (ROUTES); unlisted routes show the coming-soon page. */
export type PageRegistry = Readonly<Partial<Record<PagePath, PageLoader>>>;
