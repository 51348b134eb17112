import type { Evaluation } from '@skolar/shared';
import { ClipboardCheck, FileCheck, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useEvaluation } from '../../api/evaluations.ts';
import { evaluationEditPath } from '../../lib/evaluation-paths.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { type BackLink, PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ExamStaffPanels } from './exam/staff-panels.tsx';
import { EvaluationFacts } from './facts.tsx';
import { EvaluationFilePanel } from './files-panel.tsx';
import { SubmissionsPanel } from './project/submissions-panel.tsx';
import { windowState } from './when.tsx';
import '../../ui/cohorts.css';
import '../../ui/management.css';
import './evaluations.css';

/** `/:subjectId/evaluations/:evaluationId`: the facts, the files, and the exam's or project's panels. */
export function EvaluationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().evaluationId) || 0;
  const { data, error } = useEvaluation(id);
  usePageTitle(data?.title ?? t('evaluations.details'));
  const back: BackLink = { to: '/evaluations', label: t('evaluations.title') };
  if (error) {
    return (
      <div className="container page cohort-page">
        <PageHeader
          eyebrow={t('evaluations.eyebrow')}
          title={t('evaluations.details')}
          back={back}
        />
        <p className="notice notice--error">{errorMessage(error, t('evaluations.notFound'))}</p>
      </div>
    );
  }
  if (!data) return <p className="container page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={`${data.subject.name} · ${data.training.title}`}
        title={data.title}
        back={back}
        actions={
          (data.permissions.grade || data.permissions.update) && (
            <>
              {data.permissions.grade && (
                <Link to={`/${data.id}/results/add`} className="button button--ghost button--small">
                  <ClipboardCheck size={16} aria-hidden="true" />
                  {t('evaluations.grade')}
                </Link>
              )}
              {data.permissions.grade && (
                <Link to={`/marking/${data.id}`} className="button button--ghost button--small">
                  <FileCheck size={16} aria-hidden="true" />
                  {t('evaluations.mark')}
                </Link>
              )}
              {data.permissions.update && (
                <Link
                  to={evaluationEditPath(data)}
                  className="button button--primary button--small"
                >
                  <Pencil size={16} aria-hidden="true" />
                  {t('evaluations.edit')}
                </Link>
              )}
            </>
          )
        }
      >
        <StatusBadge
          archived={data.archived_at !== null}
          label={t(`evaluations.window.${windowState(data, Date.now())}`)}
        />
      </PageHeader>
      <StaffFacts evaluation={data} />
      <div className="cohort-sections">
        <EvaluationFilePanel evaluation={data} slot="document" />
        <EvaluationFilePanel evaluation={data} slot="correction" />
      </div>
      {data.type === 'exam' ? (
        <ExamStaffPanels evaluation={data} />
      ) : (
        <SubmissionsPanel evaluation={data} />
      )}
    </div>
  );
}

/** The staff's facts: the common ones, then the scale, the domain and the quiz. */
function StaffFacts({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  return (
    <section className="card manage-detail" aria-label={t('evaluations.details')}>
      <EvaluationFacts
        evaluation={evaluation}
        extra={[
          [t('evaluations.fields.scale'), `/${evaluation.scale}`],
          [t('evaluations.fields.domain'), evaluation.domain],
          [
            t('evaluations.fields.hasQuiz'),
            evaluation.has_quiz
              ? t('evaluations.questionCount', { count: evaluation.question_count })
              : null,
          ],
          [
            t('evaluations.fields.blindMarking'),
            evaluation.blind_marking
              ? t(
                  evaluation.identities_revealed_at
                    ? 'evaluations.blindRevealed'
                    : 'evaluations.blindOn',
                )
              : null,
          ],
          [
            t('evaluations.fields.secondMarking'),
            evaluation.second_marking ? t('evaluations.secondOn') : null,
          ],
        ]}
      />
      {evaluation.description && <p className="evaluation-description">{evaluation.description}</p>}
    </section>
  );
}
