import type { SubmissionRosterRow } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { removeExtension, setExtension, setGroupExtension } from '../../../api/projects.ts';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.ts';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { Notice } from '../../../ui/notice.tsx';

interface ExtensionValues {
  deadline: string;
  reason: string;
}

/** The new deadline and its reason, the two fields a student's and a group's extension share. */
function ExtensionFields<V extends ExtensionValues>({ form }: { form: UseFormReturn<V> }) {
  const { t } = useTranslation();
  // The generic form is read through its shared fields only.
  const shared = form as unknown as UseFormReturn<ExtensionValues>;
  const errors = shared.formState.errors;
  return (
    <>
      <TextField
        label={t('projects.extension.deadline')}
        type="datetime-local"
        error={errors.deadline}
        {...shared.register('deadline')}
      />
      <TextAreaField
        label={t('projects.extension.reason')}
        rows={3}
        maxLength={500}
        error={errors.reason}
        {...shared.register('reason')}
      />
    </>
  );
}

/** Sends the extension, refreshes the roster and closes; the server's field messages land on the fields. */
function useExtensionSave<V extends ExtensionValues>(
  evaluationId: number,
  form: UseFormReturn<V>,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const shared = form as unknown as UseFormReturn<ExtensionValues>;
  return async (action: () => Promise<unknown>) => {
    try {
      await action();
      await queryClient.invalidateQueries({
        queryKey: ['evaluation', evaluationId, 'submissions'],
      });
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, shared.setError, ['deadline', 'reason'])) {
        shared.setError('root', { message: errorMessage(error) });
      }
    }
  };
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
  const form = useForm<ExtensionValues>({
    defaultValues: {
      deadline: row.extension?.deadline_local ?? '',
      reason: row.extension?.reason ?? '',
    },
  });
  const save = useExtensionSave(evaluationId, form, onDone);
  const submit = form.handleSubmit((values) =>
    save(() => setExtension(evaluationId, row.student.id, values)),
  );
  const takeBack = () => save(() => removeExtension(evaluationId, row.student.id));
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('projects.extension.hint')}</p>
      {errors.root?.message && <Notice kind="error">{errors.root.message}</Notice>}
      <ExtensionFields form={form} />
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
  const form = useForm<GroupExtensionValues>({
    defaultValues: { group: String(groups[0]?.id ?? ''), deadline: '', reason: '' },
  });
  const save = useExtensionSave(evaluationId, form, onDone);
  const submit = form.handleSubmit(({ group, ...values }) =>
    save(() => setGroupExtension(evaluationId, Number(group), values)),
  );
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
      <ExtensionFields form={form} />
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
