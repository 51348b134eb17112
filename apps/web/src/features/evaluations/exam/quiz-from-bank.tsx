import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { addDraw, addFromBank, useBankQuestions } from '../../../api/question-bank.ts';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.ts';
import type { PerPage } from '../../../lib/list-state.ts';
import { SelectField, TextField } from '../../../ui/fields.tsx';
import { ListPager } from '../../../ui/list-pager.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { asExamQuestion, BankSearch } from './question-bank-page.tsx';
import { questionLabel } from './test-page.tsx';

/**
 * Chooses questions of the bank of the exam's subject (searched by words and category) and copies
 * them at the end of the quiz, in the order they were ticked.
 */
export function FromBankPicker({
  evaluationId,
  subjectId,
  onDone,
}: {
  evaluationId: number;
  subjectId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState<{
    q: string;
    category: string;
    page: number;
    per_page: PerPage;
  }>({ q: '', category: '', page: 1, per_page: 25 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // A page at a time; what is ticked stays ticked from one page to another.
  const { data, error } = useBankQuestions(subjectId, search);
  const toggle = (questionId: number, on: boolean) =>
    setChosen((current) =>
      on ? [...current, questionId] : current.filter((other) => other !== questionId),
    );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await addFromBank(evaluationId, { bank_question_ids: chosen });
      await queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
      toast.success(t('exams.bank.added', { count: chosen.length }));
      onDone();
    } catch (failed) {
      setFailure(errorMessage(failed));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <BankSearch
        filters={search}
        categories={data?.categories ?? []}
        onChange={(change) => setSearch((current) => ({ ...current, ...change, page: 1 }))}
      />
      {(failure ?? error) && <Notice kind="error">{failure ?? error!.message}</Notice>}
      <fieldset className="bank-choices">
        <legend>{t('exams.bank.choose')}</legend>
        {data && data.data.length === 0 && <p role="status">{t('exams.bank.empty')}</p>}
        <div className="bank-choices__list">
          {data?.data.map((question) => (
            <label key={question.id} className="bank-choice">
              <input
                type="checkbox"
                checked={chosen.includes(question.id)}
                onChange={(event) => toggle(question.id, event.target.checked)}
              />
              <span>
                {questionLabel(asExamQuestion(question))}
                <span className="field__hint">
                  {[
                    question.category || t('exams.bank.noCategory'),
                    t(`exams.kinds.${question.kind}`),
                    t('exams.points', { count: question.points }),
                  ].join(' · ')}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {data && data.meta.total > 0 && (
        <ListPager
          state={search}
          total={data.meta.total}
          shown={data.data.length}
          onStateChange={(change) =>
            setSearch((current) => ({
              ...current,
              ...(change.page ? { page: change.page } : {}),
              ...(change.per_page ? { per_page: change.per_page, page: 1 } : {}),
            }))
          }
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={chosen.length === 0}>
          {t('exams.bank.addChosen', { count: chosen.length })}
        </button>
      </div>
    </form>
  );
}

interface DrawValues {
  category: string;
  count: string;
  points: string;
}

/**
 * A random draw: each student gets `count` questions of a bank category, each worth `points`,
 * drawn when they start (the server seeds the draw with their attempt).
 */
export function DrawForm({
  evaluationId,
  subjectId,
  onDone,
}: {
  evaluationId: number;
  subjectId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useBankQuestions(subjectId, { per_page: 10 });
  const form = useForm<DrawValues>({ defaultValues: { category: '', count: '1', points: '1' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await addDraw(evaluationId, {
        category: values.category,
        count: Number(values.count),
        points: Number(values.points),
      });
      await queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['category', 'count', 'points'])) {
        form.setError('root', { message: errorMessage(error) });
      }
    }
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('exams.bank.drawHint')}</p>
      {errors.root?.message && <Notice kind="error">{errors.root.message}</Notice>}
      <SelectField
        label={t('exams.bank.category')}
        error={errors.category}
        {...form.register('category')}
      >
        <option value="">{t('exams.bank.wholeBank')}</option>
        {data?.categories
          .filter((item) => item.name !== '')
          .map((item) => (
            <option key={item.name} value={item.name}>
              {`${item.name} (${item.count})`}
            </option>
          ))}
      </SelectField>
      <TextField
        label={t('exams.bank.drawCount')}
        type="number"
        min={1}
        max={100}
        step={1}
        error={errors.count}
        {...form.register('count')}
      />
      <TextField
        label={t('exams.bank.drawPoints')}
        type="number"
        min={0.5}
        max={1000}
        step={0.5}
        inputMode="decimal"
        error={errors.points}
        {...form.register('points')}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('exams.bank.drawAdd')}
        </button>
      </div>
    </form>
  );
}
