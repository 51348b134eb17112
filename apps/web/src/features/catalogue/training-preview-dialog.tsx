import * as Dialog from '@radix-ui/react-dialog';
import { cardHeading, hoursLabel } from '@skolar/shared';
import { Award, Clock, GraduationCap, Layers, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './training-details.css';
import './training-preview.css';
import { usePublicTraining } from './api.ts';
import { CoverArt } from './cover-art.tsx';
import { InstitutionMark } from './institution-mark.tsx';

/**
 * A public training in a dialog over the catalogue, for whoever may not open its public page (a
 * signed-in user is sent from /public-trainings/:id to the dashboard): the card's facts, the
 * description, the programme, the institution and a way to write to it.
 */
export function TrainingPreviewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = usePublicTraining(id);
  const training = query.data;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card training-preview" aria-describedby={undefined}>
          <Dialog.Close asChild>
            <button
              type="button"
              className="icon-button training-preview__close"
              aria-label={t('public.formations.close')}
            >
              <X aria-hidden="true" size={18} />
            </button>
          </Dialog.Close>
          {!training ? (
            <div className="training-preview__body">
              <Dialog.Title className="dialog__title">{t('public.details.title')}</Dialog.Title>
              {query.isError || !Number.isInteger(id) ? (
                <p className="notice notice--error" role="alert">
                  {t('public.details.notFound')}
                </p>
              ) : (
                <p role="status">{t('app.loading')}</p>
              )}
            </div>
          ) : (
            <>
              <div className="training-preview__cover">
                <CoverArt cover={training.cover_link} institution={training.institution} />
              </div>
              <div className="training-preview__body training-details__body">
                <div className="training-preview__heading">
                  <p className="page__eyebrow">{training.program}</p>
                  <Dialog.Title className="dialog__title">{cardHeading(training)}</Dialog.Title>
                </div>
                <ul className="training-details__facts">
                  <li>
                    <GraduationCap aria-hidden="true" size={16} />
                    {t('public.details.level', { level: training.level })}
                  </li>
                  <li>
                    <Clock aria-hidden="true" size={16} />
                    {t('public.details.hours', { hours: hoursLabel(training.total_hours) })}
                  </li>
                  <li>
                    <Layers aria-hidden="true" size={16} />
                    {t('public.details.moduleCount', { count: training.modules.length })}
                  </li>
                </ul>
                <h3>{t('public.details.description')}</h3>
                <p className="training-details__description">
                  {training.description || t('public.details.noDescription')}
                </p>
                <h3>{t('public.details.modules')}</h3>
                {training.modules.length ? (
                  <ol className="training-details__modules">
                    {training.modules.map((module) => (
                      <li key={module.id}>
                        <strong>{module.name}</strong>
                        {module.description && <span>{module.description}</span>}
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-muted">{t('public.details.noModules')}</p>
                )}
                <div className="training-preview__institution">
                  <InstitutionMark institution={training.institution} height={32} />
                  <div>
                    <strong>{training.institution.name}</strong>
                    <p className="training-details__certificate">
                      <Award aria-hidden="true" size={16} />
                      {t('public.details.certificate', {
                        name: training.institution.diminutive ?? training.institution.name,
                      })}
                    </p>
                  </div>
                </div>
                <div className="dialog__actions">
                  <Link
                    to={`/contact?institution=${training.institution.id}&object=${encodeURIComponent(training.title)}`}
                    className="button button--primary"
                  >
                    <Mail aria-hidden="true" size={18} />
                    {t('public.details.cta')}
                  </Link>
                </div>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
