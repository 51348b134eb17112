import type { Question, QuestionFileFormat, QuestionImportItem } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { importQuestions, previewQuestionImport } from '../../../api/exams.ts';
import { importBankQuestions, previewBankImport } from '../../../api/question-bank.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { FilePicker, MAX_BYTES, QUESTION_FILES } from '../../../ui/file-picker.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { QuestionPreview } from './test-page.tsx';

/** The format a file is written in: Moodle XML starts with its declaration or `<quiz>`. */
const formatOf = (name: string, text: string): QuestionFileFormat =>
  name.toLowerCase().endsWith('.xml') || /^\uFEFF?\s*<(\?xml|quiz)/.test(text)
    ? 'moodle_xml'
    : 'gift';

/** What went wrong, as the API says it of the text (too long, no question) or in general. */
const failureOf = (error: unknown) =>
  (error instanceof ApiError && error.errors?.text?.[0]) || errorMessage(error);

/** A previewed question as the list of questions shows one (it has no id until imported). */
const asQuestion = (item: QuestionImportItem, evaluationId: number): Question => ({
  ...item.question!,
  id: -item.line,
  evaluation_id: evaluationId,
  position: item.line,
  bank_question_id: null,
  draw_id: null,
});

/**
 * Importing questions from a GIFT or Moodle XML file (or text pasted), in two steps: a preview
 * of each question as it will score, the refused ones with their line and reason, and the
 * duplicates the exam already has; then the import of the valid ones, on the teacher's word.
 */
export function QuestionImport({
  evaluationId,
  bankSubjectId,
  onDone,
}: {
  evaluationId: number;
  /** Imports into this subject's bank instead, each question in its file's category. */
  bankSubjectId?: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<QuestionFileFormat>('gift');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<QuestionImportItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // The button that asked for the preview gives way to the import's: the focus goes to what came.
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const edit = (next: { text?: string; format?: QuestionFileFormat }) => {
    if (next.text !== undefined) setText(next.text);
    if (next.format !== undefined) setFormat(next.format);
    // What was previewed is no longer what would be imported.
    setPreview(null);
    setFailure(null);
  };
  const choose = async (chosen: File) => {
    const content = await chosen.text();
    setFile(chosen);
    edit({ text: content, format: formatOf(chosen.name, content) });
  };
  const showPreview = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { text, format };
      setPreview(
        (bankSubjectId
          ? await previewBankImport(bankSubjectId, body)
          : await previewQuestionImport(evaluationId, body)
        ).data,
      );
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  const valid = preview?.filter((item) => item.problems.length === 0 && !item.duplicate) ?? [];
  const refused = preview?.filter((item) => item.problems.length > 0) ?? [];
  const duplicates = preview?.filter((item) => item.duplicate) ?? [];
  const confirm = async () => {
    setBusy(true);
    try {
      const body = { text, format, skip_refused: refused.length > 0 };
      const answer = bankSubjectId
        ? await importBankQuestions(bankSubjectId, body)
        : await importQuestions(evaluationId, body);
      await queryClient.invalidateQueries({
        queryKey: bankSubjectId ? ['bank', bankSubjectId] : ['exam', 'questions', evaluationId],
      });
      toast.success(t('exams.import.done', { count: answer.imported }));
      onDone();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="exam-import" onSubmit={(event) => void showPreview(event)}>
      <FilePicker
        label={t('exams.import.file')}
        accept={QUESTION_FILES}
        maxSize={MAX_BYTES.questions}
        file={file}
        onFile={(chosen) => void choose(chosen)}
        onRemove={() => {
          setFile(null);
          edit({ text: '' });
        }}
        hint={t('exams.import.fileHint')}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-format`}>
          {t('exams.import.format')}
        </label>
        <select
          id={`${id}-format`}
          className="field__input"
          value={format}
          onChange={(event) => edit({ format: event.target.value as QuestionFileFormat })}
        >
          <option value="gift">GIFT</option>
          <option value="moodle_xml">Moodle XML</option>
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {t('exams.import.text')}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input exam-gift"
          rows={8}
          value={text}
          onChange={(event) => edit({ text: event.target.value })}
        />
      </div>
      {failure && <Notice kind="error">{failure}</Notice>}
      {preview && (
        <section className="exam-import__preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`} ref={previewHeading} tabIndex={-1}>
            {t('exams.import.preview')}
          </h3>
          <p role="status">
            {[
              t('exams.import.ready', { count: valid.length }),
              refused.length > 0 && t('exams.import.refusedCount', { count: refused.length }),
              duplicates.length > 0 && t('exams.import.duplicates', { count: duplicates.length }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {refused.length > 0 && (
            <div className="notice notice--error">
              <div>
                <p>{t('exams.import.refusedHelp')}</p>
                <ul>
                  {refused.map((item) => (
                    <li key={item.line}>
                      {t('exams.import.lineReason', {
                        line: item.line,
                        reason: item.problems.join(' '),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          <ol className="exam-list">
            {preview
              .filter((item) => item.question && item.problems.length === 0)
              .map((item, index) => (
                <li key={item.line} className="card">
                  <p className="exam-question__points">
                    {t('exams.import.line', { line: item.line })}
                    {item.category && ` · ${item.category}`}
                    {item.duplicate && ` · ${t('exams.import.duplicate')}`}
                  </p>
                  <QuestionPreview question={asQuestion(item, evaluationId)} number={index + 1} />
                </li>
              ))}
          </ol>
        </section>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        {preview ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy || valid.length === 0}
            onClick={() => void confirm()}
          >
            {refused.length > 0
              ? t('exams.import.importValid', { count: valid.length })
              : t('exams.import.importAll', { count: valid.length })}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || text.trim() === ''}
          >
            {t('exams.import.check')}
          </button>
        )}
      </div>
    </form>
  );
}
