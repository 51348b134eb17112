import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useBlocks, useUnblock } from '../../api/messages.ts';
import { formatInstant } from '../../lib/format.ts';
import { Notice } from '../../ui/notice.tsx';
import { toastError } from '../../ui/toast-error.ts';

/**
 * "Blocked people", folded under its heading: the people the reader blocked, each with when, and
 * a button that unblocks them (they may write again, and be written to).
 */
export function BlockedPeople() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const blocks = useBlocks();
  const unblock = useUnblock();
  const list = blocks.data;

  const release = async (person: { id: number; name: string }) => {
    try {
      await unblock.mutateAsync(person.id);
      toast.success(t('messages.blocks.unblocked', { name: person.name }));
    } catch (error) {
      toastError(error, t('messages.blocks.unblockFailed'));
    }
  };

  return (
    <section className="blocked-people" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="blocked-people__heading">
        <button
          type="button"
          className="blocked-people__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          <ChevronRight aria-hidden="true" size={18} className="blocked-people__chevron" />
          {t('messages.blocks.title')}
          {list && list.length > 0 && ' '}
          {list && list.length > 0 && (
            <span className="badge blocked-people__count">
              <span className="sr-only">(</span>
              {list.length}
              <span className="sr-only">)</span>
            </span>
          )}
        </button>
      </h2>
      <div id={`${id}-panel`} className="blocked-people__panel" hidden={!open}>
        <p className="messages-muted">{t('messages.blocks.intro')}</p>
        {blocks.isError ? (
          <Notice kind="error">{t('messages.blocks.loadFailed')}</Notice>
        ) : !list ? (
          <p className="messages-muted" aria-busy="true">
            {t('app.loading')}
          </p>
        ) : list.length === 0 ? (
          <p className="messages-muted">{t('messages.blocks.empty')}</p>
        ) : (
          <ul className="blocked-people__list" aria-label={t('messages.blocks.title')}>
            {list.map((person) => (
              <li key={person.id} className="blocked-people__row">
                <span className="blocked-people__who">
                  <span className="blocked-people__name">{person.name}</span>
                  <time dateTime={person.blocked_at} className="messages-muted">
                    {t('messages.blocks.since', {
                      date: formatInstant(person.blocked_at, i18n.language, {
                        dateStyle: 'medium',
                      }),
                    })}
                  </time>
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('messages.blocks.unblockPerson', { name: person.name })}
                  disabled={unblock.isPending && unblock.variables === person.id}
                  onClick={() => void release(person)}
                >
                  {t('messages.blocks.unblock')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
