import { zodResolver } from '@hookform/resolvers/zod';
import { type Rubric, type RubricBody, rubricBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  type Control,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  addToLibrary,
  archiveLibraryRubric,
  markingKey,
  removeRubric,
  setRubric,
  useRubricLibrary,
} from '../../../api/marking.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { Notice } from '../../../ui/notice.tsx';

type Values = RubricBody;

/** A stored rubric as the form edits it (ids kept, so filled sheets still match). */
const asValues = (rubric: Pick<Rubric, 'kind' | 'title' | 'criteria'>): Values => ({
  kind: rubric.kind,
  title: rubric.title,
  criteria: rubric.criteria.map((criterion) => ({
    id: criterion.id,
    title: criterion.title,
    description: criterion.description ?? '',
    max_points: rubric.kind === 'guide' ? criterion.max_points : null,
    levels: criterion.levels.map((level) => ({
      id: level.id,
      title: level.title,
      description: level.description ?? '',
      points: level.points,
    })),
  })),
});

const EMPTY: Values = {
  kind: 'rubric',
  title: '',
  criteria: [
    {
      title: '',
      description: '',
      max_points: null,
      levels: [
        { title: '', description: '', points: 0 },
        { title: '', description: '', points: 1 },
      ],
    },
  ],
};

/** The levels of one rubric criterion: a title and points each, 2 to 10. */
function Levels({
  index,
  control,
  register,
}: {
  index: number;
  control: Control<Values>;
  register: UseFormRegister<Values>;
}) {
  const { t } = useTranslation();
  const levels = useFieldArray({ control, name: `criteria.${index}.levels` });
  return (
    <fieldset className="rubric-editor__levels">
      <legend>{t('marking.editor.levels')}</legend>
      {levels.fields.map((field, at) => (
        <div key={field.id} className="rubric-editor__level">
          <TextField
            label={t('marking.editor.levelTitle', { n: at + 1 })}
            maxLength={200}
            {...register(`criteria.${index}.levels.${at}.title`)}
          />
          <TextField
            label={t('marking.editor.points')}
            type="number"
            min={0}
            step={0.25}
            inputMode="decimal"
            className="rubric-editor__points"
            {...register(`criteria.${index}.levels.${at}.points`, { valueAsNumber: true })}
          />
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label={t('marking.editor.removeLevel', { n: at + 1 })}
            disabled={levels.fields.length <= 2}
            onClick={() => levels.remove(at)}
          >
            <Trash2 aria-hidden size={16} />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--ghost"
        disabled={levels.fields.length >= 10}
        onClick={() => levels.append({ title: '', description: '', points: levels.fields.length })}
      >
        <Plus aria-hidden size={16} /> {t('marking.editor.addLevel')}
      </button>
    </fieldset>
  );
}

/**
 * Builds the rubric (criteria with levels) or marking guide (criteria with a maximum) an
 * evaluation is marked with, from scratch or from the subject's library, and keeps it in the
 * library for other evaluations.
 */
export function RubricEditor({
  evaluationId,
  subjectId,
  rubric,
  onDone,
}: {
  evaluationId: number;
  subjectId: number;
  rubric: Rubric | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const library = useRubricLibrary(subjectId, true);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(rubricBody) as never,
    defaultValues: rubric ? asValues(rubric) : EMPTY,
  });
  const criteria = useFieldArray({ control: form.control, name: 'criteria' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: markingKey(evaluationId) });
  const fail = (error: unknown) => {
    const detail =
      error instanceof ApiError && error.errors
        ? Object.values(error.errors).flat().join(' ')
        : errorMessage(error);
    form.setError('root', { message: detail });
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await setRubric(evaluationId, values);
      await refresh();
      onDone();
    } catch (error) {
      fail(error);
    }
  });
  const keep = form.handleSubmit(async (values) => {
    try {
      await addToLibrary(subjectId, values);
      await queryClient.invalidateQueries({ queryKey: ['subject', subjectId, 'rubrics'] });
      setSaved(t('marking.editor.kept', { title: values.title }));
    } catch (error) {
      fail(error);
    }
  });
  const remove = async () => {
    try {
      await removeRubric(evaluationId);
      await refresh();
      onDone();
    } catch (error) {
      fail(error);
    }
  };
  const errors = form.formState.errors;
  const criterionError = (index: number) => {
    const error = errors.criteria?.[index];
    return error?.levels?.message ?? error?.levels?.root?.message ?? error?.max_points?.message;
  };
  const fromLibrary = (id: string) => {
    const chosen = library.data?.data.find((row) => String(row.id) === id);
    // A copy without ids: the evaluation's rubric is its own.
    if (chosen) {
      const values = asValues(chosen);
      form.reset({
        ...values,
        criteria: values.criteria.map(({ id: _id, levels, ...criterion }) => ({
          ...criterion,
          levels: (levels ?? []).map(({ id: _level, ...level }) => level),
        })),
      });
    }
  };
  const libraryRows = library.data?.data ?? [];
  return (
    <form className="rubric-editor" onSubmit={submit} noValidate>
      {errors.root?.message && <Notice kind="error">{errors.root.message}</Notice>}
      {saved && <Notice kind="success">{saved}</Notice>}
      {libraryRows.length > 0 && (
        <div className="rubric-editor__library">
          <SelectField
            label={t('marking.editor.fromLibrary')}
            defaultValue=""
            onChange={(event) => fromLibrary(event.target.value)}
          >
            <option value="">{t('marking.editor.chooseLibrary')}</option>
            {libraryRows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.title}
              </option>
            ))}
          </SelectField>
          <ul className="rubric-editor__library-list">
            {libraryRows.map((row) => (
              <li key={row.id}>
                <span>{row.title}</span>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={async () => {
                    try {
                      await archiveLibraryRubric(row.id);
                      await library.refetch();
                    } catch (error) {
                      fail(error);
                    }
                  }}
                >
                  {t('marking.editor.removeFromLibrary', { title: row.title })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className="rubric-editor__kind">
        <legend>{t('marking.editor.kind')}</legend>
        <label>
          <input type="radio" value="rubric" {...form.register('kind')} />{' '}
          {t('marking.kind.rubric')}
        </label>
        <label>
          <input type="radio" value="guide" {...form.register('kind')} /> {t('marking.kind.guide')}
        </label>
        <p className="field__hint">{t(`marking.editor.${kind}Hint`)}</p>
      </fieldset>
      <TextField
        label={t('marking.editor.title')}
        maxLength={200}
        error={errors.title}
        {...form.register('title')}
      />
      <ol className="rubric-editor__criteria">
        {criteria.fields.map((field, index) => (
          <li key={field.id} className="rubric-editor__criterion card">
            <div className="rubric-editor__criterion-head">
              <TextField
                label={t('marking.editor.criterion', { n: index + 1 })}
                maxLength={200}
                error={errors.criteria?.[index]?.title}
                {...form.register(`criteria.${index}.title`)}
              />
              <button
                type="button"
                className="button button--ghost button--icon"
                aria-label={t('marking.editor.removeCriterion', { n: index + 1 })}
                disabled={criteria.fields.length <= 1}
                onClick={() => criteria.remove(index)}
              >
                <Trash2 aria-hidden size={16} />
              </button>
            </div>
            <TextAreaField
              label={t('marking.editor.description')}
              rows={2}
              maxLength={2000}
              {...form.register(`criteria.${index}.description`)}
            />
            {kind === 'rubric' ? (
              <Levels index={index} control={form.control} register={form.register} />
            ) : (
              <TextField
                label={t('marking.editor.maxPoints')}
                type="number"
                min={0}
                step={0.25}
                inputMode="decimal"
                {...form.register(`criteria.${index}.max_points`, { valueAsNumber: true })}
              />
            )}
            {criterionError(index) && (
              <p className="field__error">{t(String(criterionError(index)))}</p>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--ghost"
        disabled={criteria.fields.length >= 50}
        onClick={() =>
          criteria.append({
            title: '',
            description: '',
            max_points: kind === 'guide' ? 5 : null,
            levels: [
              { title: '', description: '', points: 0 },
              { title: '', description: '', points: 1 },
            ],
          })
        }
      >
        <Plus aria-hidden size={16} /> {t('marking.editor.addCriterion')}
      </button>
      <div className="dialog__actions">
        {rubric && (
          <button type="button" className="button button--ghost" onClick={() => void remove()}>
            {t('marking.editor.remove')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={() => void keep()}>
          {t('marking.editor.keep')}
        </button>
        <button type="submit" className="button button--primary">
          {t('marking.editor.save')}
        </button>
      </div>
    </form>
  );
}
