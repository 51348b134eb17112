import { useParams } from 'react-router';
import { GradebookSection } from '../features/gradebook/index.ts';
import { PromotionDetailPage } from '../features/promotions/index.ts';

/**
 * `/:id/promotions/:promotionId`: the promotion's page with its gradebook below the cohort
 * sections (decision 69) — composed here, as a feature never imports another.
 */
export function PromotionPage() {
  const promotionId = Number(useParams().promotionId);
  return (
    <PromotionDetailPage>
      {promotionId > 0 && <GradebookSection promotionId={promotionId} />}
    </PromotionDetailPage>
  );
}
