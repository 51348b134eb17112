import type { Evaluation } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type EvaluationFileSlot,
  evaluationKeys,
  removeEvaluationFile,
  uploadEvaluationFile,
} from '../../api/evaluations.ts';
import { FilePicker, MAX_BYTES, PDF_FILES } from '../../ui/file-picker.tsx';
import { toastError } from '../../ui/toast-error.ts';

/** The document or the correction of an evaluation: its link, and its upload for editors. */
export function EvaluationFilePanel({
  evaluation,
  slot,
}: {
  evaluation: Evaluation;
  slot: EvaluationFileSlot;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const link = slot === 'document' ? evaluation.document_link : evaluation.correction_link;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      toast.success(t('evaluations.saved'));
      await client.invalidateQueries({ queryKey: evaluationKeys.all });
    } catch (error) {
      toastError(error, t('evaluations.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card cohort-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t(`evaluations.${slot}`)}</h2>
      {link ? (
        <p className="evaluation-file">
          <a href={link} target="_blank" rel="noopener noreferrer">
            <FileText size={16} aria-hidden="true" /> {t(`evaluations.${slot}`)}
          </a>
          {evaluation.permissions.update && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => void run(() => removeEvaluationFile(evaluation.id, slot))}
            >
              <Trash2 size={16} aria-hidden="true" />
              {t(`evaluations.remove.${slot}`)}
            </button>
          )}
        </p>
      ) : (
        <p className="cohort-empty">
          {t(slot === 'document' ? 'evaluations.noDocument' : 'evaluations.noCorrection')}
        </p>
      )}
      {slot === 'correction' && (
        <p className="cohort-muted">{t('evaluations.correctionStaffHint')}</p>
      )}
      {evaluation.permissions.update && (
        <FilePicker
          label={t(link ? `evaluations.replace.${slot}` : `evaluations.upload.${slot}`)}
          accept={PDF_FILES}
          maxSize={MAX_BYTES.document}
          disabled={busy}
          onFile={(file) => void run(() => uploadEvaluationFile(evaluation.id, slot, file))}
        />
      )}
    </section>
  );
}
