import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { uploadSyllabus } from '../../api/seminars.ts';
import { FilePicker, MAX_BYTES, PDF_FILES } from '../../ui/file-picker.tsx';
import { toastError } from '../../ui/toast-error.ts';

/** The syllabus link (opens the PDF), and its upload for those who may edit the seminar. */
export function SyllabusPanel({
  seminar,
}: {
  seminar: {
    id: number;
    syllabus_link: string | null;
    syllabus_name: string | null;
    can: { update: boolean };
  };
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const [sending, setSending] = useState<File | null>(null);
  const upload = async (file: File) => {
    setSending(file);
    try {
      await uploadSyllabus(seminar.id, file);
      toast.success(t('cohorts.saved'));
      await client.invalidateQueries({ queryKey: ['seminar'] });
    } catch (error) {
      toastError(error, t('cohorts.failed'));
    } finally {
      setSending(null);
    }
  };
  return (
    <section className="card cohort-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('seminars.syllabus')}</h2>
      {seminar.syllabus_link ? (
        <a href={seminar.syllabus_link} target="_blank" rel="noopener noreferrer" download>
          <FileText size={16} aria-hidden="true" />{' '}
          {seminar.syllabus_name ?? t('seminars.syllabus')}
        </a>
      ) : (
        <p className="cohort-empty">{t('seminars.noSyllabus')}</p>
      )}
      {seminar.can.update && (
        <FilePicker
          label={t(seminar.syllabus_link ? 'seminars.replaceSyllabus' : 'seminars.uploadSyllabus')}
          accept={PDF_FILES}
          maxSize={MAX_BYTES.document}
          file={sending}
          disabled={sending !== null}
          onFile={(file) => void upload(file)}
        />
      )}
    </section>
  );
}
