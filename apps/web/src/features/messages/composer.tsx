import { MESSAGE_MAX_LENGTH } from '@skolar/shared';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from '../../api/messages.ts';
import { toastError } from '../../ui/toast-error.ts';

/** From how many characters the composer shows how many are left. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

interface ComposerProps {
  conversationId: number;
  /** Why the reader may not write here (a block), or null when they may. */
  blockedReason: string | null;
}

/**
 * The box to write in at the bottom of a conversation: Enter sends, Shift+Enter goes to the next
 * line (as does Enter while an input method composes); the Send button too. The text stays when
 * sending fails (the toast says why). A block leaves it disabled with the reason under it.
 */
export function Composer({ conversationId, blockedReason }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const blocked = blockedReason !== null;
  const empty = text.trim() === '';

  const submit = async () => {
    if (blocked || empty || send.isPending) return;
    const sent = text;
    try {
      await send.mutateAsync(sent.trim());
      // What was typed meanwhile stays.
      setText((current) => (current === sent ? '' : current));
    } catch (error) {
      toastError(error, t('messages.toast.sendFailed'));
    }
    area.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const left = MESSAGE_MAX_LENGTH - text.length;
  const describedBy = blocked ? `${id}-blocked` : `${id}-hint`;
  return (
    <form className="composer" onSubmit={onSubmit} aria-label={t('messages.composer.label')}>
      <label htmlFor={`${id}-text`} className="sr-only">
        {t('messages.composer.text')}
      </label>
      <div className="composer__row">
        <textarea
          ref={area}
          id={`${id}-text`}
          className="field__input field__area composer__text"
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={blocked ? undefined : t('messages.composer.placeholder')}
          value={text}
          disabled={blocked}
          aria-describedby={describedBy}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button--primary composer__send"
          disabled={blocked || send.isPending}
        >
          <SendHorizontal aria-hidden="true" size={18} />
          <span className="composer__send-label">{t('messages.composer.send')}</span>
        </button>
      </div>
      {blocked ? (
        <p id={`${id}-blocked`} className="composer__blocked">
          {blockedReason}
        </p>
      ) : (
        <p id={`${id}-hint`} className="composer__hint">
          <span>{t('messages.composer.hint')}</span>
          {text.length >= COUNTER_FROM && (
            <span className="composer__counter">
              {t('messages.composer.left', {
                count: left,
                formatted: new Intl.NumberFormat(i18n.language).format(left),
              })}
            </span>
          )}
        </p>
      )}
    </form>
  );
}
