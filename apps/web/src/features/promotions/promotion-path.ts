import { pagePath } from '../../lib/page-path.ts';

/** Where a promotion's page lives: `/:programId/promotions/:id`. */
export const promotionPath = (p: { program_id: number; id: number }) =>
  pagePath('/:id/promotions/:promotionId', { id: p.program_id, promotionId: p.id });
