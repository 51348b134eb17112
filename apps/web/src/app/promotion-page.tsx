import { roleMay } from '@skolar/shared';
import { useParams } from 'react-router';
import { useSession } from '../api/session.ts';
import { PromotionAttendance } from '../features/attendance/index.ts';
import { GradebookSection } from '../features/gradebook/index.ts';
import { PromotionDetailPage } from '../features/promotions/index.ts';

/**
 * `/:id/promotions/:promotionId`: the promotion's page with its gradebook below the cohort
 * sections (decision 69) and, for the staff who take attendance (the `attendance` list grant), its
 * learners' attendance rates per training (decision 199) — composed here, as a feature never
 * imports another.
 */
export function PromotionPage() {
  const promotionId = Number(useParams().promotionId);
  const role = useSession().user?.role;
  return (
    <PromotionDetailPage>
      {promotionId > 0 && <GradebookSection promotionId={promotionId} />}
      {promotionId > 0 && role && roleMay(role, 'list', 'attendance') && (
        <PromotionAttendance promotionId={promotionId} />
      )}
    </PromotionDetailPage>
  );
}
