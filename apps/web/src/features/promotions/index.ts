export { PromotionDetailPage } from './promotion-detail-page.tsx';
export { PromotionFormPage } from './promotion-form-page.tsx';
export { PromotionStudentsPage, PromotionTeachersPage } from './promotion-people-page.tsx';
export { PromotionsPage } from './promotions-page.tsx';
