import * as Dialog from '@radix-ui/react-dialog';
import { cardHeading } from '@skolar/shared';
import { Award, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './training-details.css';
import './training-preview.css';
import { usePublicTraining } from './api.ts';
import { CoverArt } from './cover-art.tsx';
import { InstitutionMark } from './institution-mark.tsx';
import { TrainingOverview } from './training-overview.tsx';

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
                <TrainingOverview training={training} Heading="h3" />
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
