import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { CONVERSATION_MAX_MEMBERS, conversationBody, MESSAGE_MAX_LENGTH } from '@skolar/shared';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContacts, useStartConversation } from '../../api/messages.ts';
import { ApiError } from '../../lib/http.ts';
import { DialogFormActions } from '../../ui/dialog-actions.tsx';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { type Contact, RecipientsPicker } from './recipients-picker.tsx';

/** The most people one writes to: the conversation has the author besides. */
const MAX_RECIPIENTS = CONVERSATION_MAX_MEMBERS - 1;

/** The composer's fields: the people chosen (with their names, for the chips), a title, the text. */
const newMessageForm = z.object({
  members: z
    .array(z.object({ id: z.number(), name: z.string(), staff: z.boolean() }))
    .min(1, { error: 'messages.validation.members' })
    .max(MAX_RECIPIENTS, { error: 'messages.validation.members' }),
  title: conversationBody.shape.title,
  body: conversationBody.shape.body,
});

type FormValues = z.input<typeof newMessageForm>;
type FormOutput = z.output<typeof newMessageForm>;
type Field = keyof FormValues;

/** The API's fields, by the form's. */
const FIELD_OF: Record<string, Field> = { member_ids: 'members', title: 'title', body: 'body' };

/** Puts a 422's messages under their fields, the focus on the first; answers whether one was. */
function placeServerErrors(error: unknown, setError: UseFormSetError<FormValues>): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let placed = false;
  for (const [name, messages] of Object.entries(error.errors)) {
    const field = FIELD_OF[name];
    if (!field || !messages[0]) continue;
    setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

interface NewMessageFormProps {
  /** The person the address names (`?to=12`), chosen already once found among the contacts. */
  to: number | null;
  /** People the reader already writes with (their conversations' members), where `to` is looked for too. */
  known: readonly Contact[];
  /** Once sent: the conversation it went to. */
  onSent: (conversationId: number) => void;
  /** Tells whether the recipients' suggestions are open. */
  onPickerExpanded: (expanded: boolean) => void;
}

/**
 * The form of a new message: whom to (1 to 9 of the reader's contacts), a title when they are
 * several, the text (plain, 4,000 characters, a counter under it). To one person, the server
 * continues the conversation the two already have.
 */
function NewMessageForm({ to, known, onSent, onPickerExpanded }: NewMessageFormProps) {
  const { t } = useTranslation();
  const start = useStartConversation();
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
    resolver: zodResolver(newMessageForm),
    defaultValues: { members: [], title: '', body: '' },
  });
  const members = watch('members');
  const length = watch('body').length;
  const group = members.length > 1;

  // The person of `?to=`: among the first contacts, else among those of a conversation.
  const contacts = useContacts('', to !== null);
  const [missing, setMissing] = useState(false);
  const looked = useRef(to === null);
  useEffect(() => {
    if (looked.current) return;
    const found =
      contacts.data?.find((contact) => contact.id === to) ??
      known.find((contact) => contact.id === to);
    if (found) {
      looked.current = true;
      setValue('members', [found]);
      setFocus('body');
    } else if (contacts.isError || (contacts.isSuccess && !contacts.isPlaceholderData)) {
      looked.current = true;
      setMissing(true);
    }
  }, [
    contacts.data,
    contacts.isError,
    contacts.isSuccess,
    contacts.isPlaceholderData,
    known,
    to,
    setValue,
    setFocus,
  ]);

  // The search box has the focus first (the text once `to` is found).
  useEffect(() => setFocus('members'), [setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      const created = await start.mutateAsync({
        member_ids: values.members.map((member) => member.id),
        title: values.members.length > 1 ? values.title : null,
        body: values.body,
      });
      onSent(created.id);
    } catch (error) {
      if (!placeServerErrors(error, setError)) toastError(error, t('messages.toast.sendFailed'));
    }
  });

  return (
    <form className="new-message-form" onSubmit={submit} noValidate>
      {missing && <Notice kind="info">{t('messages.form.toMissing')}</Notice>}
      <Controller
        control={control}
        name="members"
        render={({ field, fieldState }) => (
          <RecipientsPicker
            value={field.value}
            onChange={field.onChange}
            max={MAX_RECIPIENTS}
            inputRef={field.ref}
            onExpandedChange={onPickerExpanded}
            error={
              fieldState.error?.message &&
              (fieldState.error.type === 'server'
                ? fieldState.error.message
                : t(fieldState.error.message))
            }
          />
        )}
      />
      {group && (
        <TextField
          label={t('messages.form.title')}
          hint={t('messages.form.titleHint')}
          error={errors.title}
          autoComplete="off"
          maxLength={120}
          {...register('title')}
        />
      )}
      <TextAreaField
        label={t('messages.form.body')}
        hint={t('messages.form.counter', { length, max: MESSAGE_MAX_LENGTH })}
        error={errors.body}
        rows={5}
        maxLength={MESSAGE_MAX_LENGTH}
        {...register('body')}
      />
      <DialogFormActions submitLabel={t('messages.form.send')} pending={isSubmitting} />
    </form>
  );
}

/**
 * "New message" in a dialog, opened by `trigger` or by the page (`?to=`): closes when sent, and
 * the page then shows the conversation.
 */
export function NewMessageDialog({
  trigger,
  open,
  onOpenChange,
  to,
  known,
  onSent,
}: {
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  to: number | null;
  known: readonly Contact[];
  onSent: (conversationId: number) => void;
}) {
  const { t } = useTranslation();
  const pickerExpanded = useRef(false);
  const onPickerExpanded = useCallback((expanded: boolean) => {
    pickerExpanded.current = expanded;
  }, []);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog card new-message-dialog"
          // Escape in the search box closes its suggestions first, then the dialog.
          onEscapeKeyDown={(event) => {
            if (pickerExpanded.current) event.preventDefault();
          }}
        >
          <Dialog.Title className="dialog__title">{t('messages.new')}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {t('messages.form.intro')}
          </Dialog.Description>
          <NewMessageForm
            to={to}
            known={known}
            onSent={onSent}
            onPickerExpanded={onPickerExpanded}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
