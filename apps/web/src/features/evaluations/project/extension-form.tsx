import type { SubmissionRosterRow } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { removeExtension, setExtension, setGroupExtension } from '../../../api/projects.ts';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.ts';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { Notice } from '../../../ui/notice.tsx';

interface ExtensionValues {
  deadline: string;
  reason: string;
}

/**
 * One student's own deadline at a project (decision 192): a day and time in the institution's zone,
 * later than the project's, and the reason, kept in the audit log; or the extension taken back.
 */
export function ExtensionForm({
  evaluationId,
  row,
  onDone,
}: {
  evaluationId: number;
  row: SubmissionRosterRow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ExtensionValues>({
    defaultValues: {
      deadline: row.extension?.deadline_local ?? '',
      reason: row.extension?.reason ?? '',
    },
  });
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['evaluation', evaluationId, 'submissions'] });
  const submit = form.handleSubmit(async (values) => {
    try {
      await setExtension(evaluationId, row.student.id, values);
      await refresh();
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['deadline', 'reason'])) {
        form.setError('root', { message: errorMessage(error) });
      }
    }
  });
  const takeBack = async () => {
    try {
      await removeExtension(evaluationId, row.student.id);
      await refresh();
      onDone();
    } catch (error) {
      form.setError('root', { message: errorMessage(error) });
    }
  };
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('projects.extension.hint')}</p>
      {errors.root?.message && <Notice kind="error">{errors.root.message}</Notice>}
      <TextField
        label={t('projects.extension.deadline')}
        type="datetime-local"
        error={errors.deadline}
        {...form.register('deadline')}
      />
      <TextAreaField
        label={t('projects.extension.reason')}
        rows={3}
        maxLength={500}
        error={errors.reason}
        {...form.register('reason')}
      />
      <div className="dialog__actions">
        {row.extension && (
          <button type="button" className="button button--ghost" onClick={() => void takeBack()}>
            {t('projects.extension.remove')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('projects.extension.save')}
        </button>
      </div>
    </form>
  );
}

interface GroupExtensionValues extends ExtensionValues {
  group: string;
}

/**
 * The same own deadline for every student of one group of the promotion (a class trip, a
 * timetable change), with its reason: one step, one audit row; each student's line shows it.
 */
export function GroupExtensionForm({
  evaluationId,
  groups,
  onDone,
}: {
  evaluationId: number;
  groups: ReadonlyArray<{ id: number; name: string; student_ids: number[] }>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<GroupExtensionValues>({
    defaultValues: { group: String(groups[0]?.id ?? ''), deadline: '', reason: '' },
  });
  const submit = form.handleSubmit(async ({ group, ...values }) => {
    try {
      await setGroupExtension(evaluationId, Number(group), values);
      await queryClient.invalidateQueries({
        queryKey: ['evaluation', evaluationId, 'submissions'],
      });
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['deadline', 'reason'])) {
        form.setError('root', { message: errorMessage(error) });
      }
    }
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('projects.extension.groupHint')}</p>
      {errors.root?.message && <Notice kind="error">{errors.root.message}</Notice>}
      <SelectField label={t('projects.extension.group')} {...form.register('group')}>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {t('projects.extension.groupOption', {
              name: group.name,
              count: group.student_ids.length,
            })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('projects.extension.deadline')}
        type="datetime-local"
        error={errors.deadline}
        {...form.register('deadline')}
      />
      <TextAreaField
        label={t('projects.extension.reason')}
        rows={3}
        maxLength={500}
        error={errors.reason}
        {...form.register('reason')}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('projects.extension.save')}
        </button>
      </div>
    </form>
  );
}
