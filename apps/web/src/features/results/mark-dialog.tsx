import * as Dialog from '@radix-ui/react-dialog';
import type { QuizPrefill } from '@skolar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markAnswers } from '../../api/results.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { formatGrade } from './format.ts';

/** The written answers of a student's attempt, each with a points field (0..its points). */
export function MarkDialog({
  name,
  quiz,
  language,
  onClose,
  onMarked,
}: {
  name: string;
  quiz: QuizPrefill;
  language: string;
  onClose: () => void;
  onMarked: () => unknown;
}) {
  const { t } = useTranslation();
  const [points, setPoints] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      quiz.open_answers.map((answer) => [
        answer.question_id,
        answer.points === null ? '' : String(answer.points),
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const marks = quiz.open_answers
      .filter((answer) => (points[answer.question_id] ?? '').trim() !== '')
      .map((answer) => ({
        question_id: answer.question_id,
        points: Number((points[answer.question_id] ?? '').replace(',', '.')),
      }));
    const local: Record<number, string> = {};
    for (const mark of marks) {
      const max = quiz.open_answers.find((a) => a.question_id === mark.question_id)!.max_points;
      if (Number.isNaN(mark.points) || mark.points < 0 || mark.points > max)
        local[mark.question_id] = t('results.marks.range', { max: formatGrade(max, language) });
    }
    setErrors(local);
    if (Object.keys(local).length > 0 || marks.length === 0) return;
    setPending(true);
    setFailure(null);
    try {
      await markAnswers(quiz.attempt_id, marks);
      await onMarked();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        const server: Record<number, string> = {};
        for (const [key, messages] of Object.entries(error.errors)) {
          const index = /^marks\.(\d+)\./.exec(key)?.[1];
          const mark = index === undefined ? undefined : marks[Number(index)];
          if (mark) server[mark.question_id] = messages.join(' ');
        }
        setErrors(server);
      }
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card mark-dialog">
          <Dialog.Title className="dialog__title">
            {t('results.marks.title', { name })}
          </Dialog.Title>
          <Dialog.Description className="dialog__description">
            {t('results.marks.explain')}
          </Dialog.Description>
          <form onSubmit={(event) => void submit(event)} className="mark-dialog__form">
            {quiz.open_answers.map((answer) => (
              <div key={answer.question_id} className="mark-dialog__answer">
                <p className="mark-dialog__prompt">{answer.prompt}</p>
                <blockquote className="mark-dialog__text">
                  {answer.text || t('results.marks.noAnswer')}
                </blockquote>
                <TextField
                  label={t('results.marks.points', {
                    max: formatGrade(answer.max_points, language),
                  })}
                  inputMode="decimal"
                  value={points[answer.question_id] ?? ''}
                  error={
                    errors[answer.question_id]
                      ? { type: 'server', message: errors[answer.question_id] }
                      : undefined
                  }
                  onChange={(event) =>
                    setPoints((current) => ({
                      ...current,
                      [answer.question_id]: event.target.value,
                    }))
                  }
                />
              </div>
            ))}
            {failure && <Notice kind="error">{failure}</Notice>}
            <DialogFormActions submitLabel={t('results.marks.save')} pending={pending} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
