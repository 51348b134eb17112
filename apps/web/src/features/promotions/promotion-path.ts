/** Where a promotion's page lives: `/:programId/promotions/:id`. */
export const promotionPath = (p: { program_id: number; id: number }) =>
  `/${p.program_id}/promotions/${p.id}`;
