import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { type DiscussionSubjects, discussionThreadBody } from '@skolar/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { useCreateDiscussion } from '../../api/discussions.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { toastError } from '../../ui/toast-error.ts';
import {
  AttachmentsField,
  attachmentsField,
  BodyField,
  bodyField,
  MentionsField,
  mentionsField,
  placeServerErrors,
} from './composer.tsx';

type Subject = DiscussionSubjects['data'][number];

/** The new thread's fields; the subject is the select's value ("" until one is chosen). */
const threadForm = z.object({
  subject: z.string().min(1, { error: 'discussions.validation.subject' }),
  title: discussionThreadBody.shape.title,
  body: bodyField,
  is_question: z.boolean(),
  mentions: mentionsField,
  attachments: attachmentsField,
});
type FormValues = z.input<typeof threadForm>;
type FormOutput = z.output<typeof threadForm>;

/**
 * "New discussion": a dialog opened by `trigger` with a subject (the one the list shows, if any),
 * a title, the text, "this is a question", the people it mentions and its files. Published, it
 * leads to the new thread.
 */
export function NewDiscussionDialog({
  trigger,
  subjects,
  subjectId,
}: {
  trigger: ReactNode;
  subjects: readonly Subject[];
  /** The subject the list shows: chosen already. */
  subjectId: number | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog card discussion-dialog"
          // Escape in the mentions' open list closes the list, not the dialog.
          onEscapeKeyDown={(event) => {
            const focused = document.activeElement;
            if (focused?.getAttribute('role') === 'combobox' && focused.ariaExpanded === 'true') {
              event.preventDefault();
            }
          }}
        >
          <Dialog.Title className="dialog__title">{t('discussions.new')}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {t('discussions.form.intro')}
          </Dialog.Description>
          <ThreadForm subjects={subjects} subjectId={subjectId} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ThreadForm({
  subjects,
  subjectId,
  onDone,
}: {
  subjects: readonly Subject[];
  subjectId: number | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDiscussion();
  const questionId = useId();
  const only = subjects.length === 1 ? subjects[0] : undefined;
  const preset = subjects.find((subject) => subject.id === subjectId) ?? only;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(threadForm),
    defaultValues: {
      subject: preset ? String(preset.id) : '',
      title: '',
      body: '',
      is_question: false,
      mentions: [],
      attachments: [],
    },
  });
  const subject = watch('subject');
  const chosenSubject = subject ? Number(subject) : undefined;

  // The first field to fill has the focus.
  useEffect(() => setFocus(preset ? 'title' : 'subject'), [setFocus, preset]);

  const submit = handleSubmit(async (values) => {
    try {
      const thread = await create.mutateAsync({
        subject_id: Number(values.subject),
        title: values.title,
        body: values.body,
        is_question: values.is_question,
        mentions: values.mentions.map((person) => person.id),
        attachment_ids: values.attachments.map((file) => file.id),
      });
      toast.success(t('discussions.toast.created'));
      onDone();
      navigate(`/discussions/${thread.id}`);
    } catch (error) {
      const placed = placeServerErrors(error, setError, {
        subject_id: 'subject',
        title: 'title',
        body: 'body',
        is_question: 'is_question',
        mentions: 'mentions',
        attachment_ids: 'attachments',
      });
      if (!placed) toastError(error, t('discussions.toast.failed'));
    }
  });

  return (
    <form className="discussion-composer" onSubmit={submit} noValidate>
      <SelectField
        label={t('discussions.form.subject')}
        error={errors.subject}
        {...register('subject', {
          // Another subject: its readers differ, so the people mentioned are chosen again.
          onChange: () => setValue('mentions', []),
        })}
      >
        {!only && <option value="">{t('discussions.form.chooseSubject')}</option>}
        {subjects.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('discussions.form.title')}
        error={errors.title}
        autoComplete="off"
        maxLength={200}
        {...register('title')}
      />
      <BodyField control={control} name="body" label={t('discussions.form.body')} />
      <div className="check-field discussion-check">
        <input
          id={questionId}
          type="checkbox"
          aria-describedby={`${questionId}-hint`}
          {...register('is_question')}
        />
        <span>
          <label htmlFor={questionId}>{t('discussions.form.question')}</label>
          <small id={`${questionId}-hint`}>{t('discussions.form.questionHint')}</small>
        </span>
      </div>
      <MentionsField control={control} name="mentions" subjectId={chosenSubject} />
      <AttachmentsField control={control} name="attachments" />
      <DialogFormActions submitLabel={t('discussions.form.publish')} pending={isSubmitting} />
    </form>
  );
}
