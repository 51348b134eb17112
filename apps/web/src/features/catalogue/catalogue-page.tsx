import { useTranslation } from 'react-i18next';
import './catalogue.css';
import { usePageTitle } from '../../ui/page-title.ts';
import { TrainingsBlock } from './grouped-catalogue.tsx';

/** PublicTrainings: the public catalogue, grouped per institution. */
export function CataloguePage() {
  const { t } = useTranslation();
  usePageTitle(t('public.catalogue.title'));
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">{t('public.catalogue.eyebrow')}</p>
        <h1>{t('public.catalogue.title')}</h1>
        <p className="page__lead">{t('public.catalogue.intro')}</p>
      </div>
      <TrainingsBlock grouped />
    </div>
  );
}
