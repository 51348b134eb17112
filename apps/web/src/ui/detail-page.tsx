import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type BackLink, PageHeader } from './page-header.tsx';
import './management.css';

/** One fact of a detail page: its label and its value (`className`, `style`: the value's cell). */
interface DetailField {
  label: string;
  value: ReactNode;
  className?: string;
  style?: CSSProperties;
}

interface DetailPageProps<T> {
  /** The row shown; undefined while it loads (or when it could not be loaded). */
  data: T | undefined;
  eyebrow: string;
  /** The row's name; `…` until it is known. */
  title: string | undefined;
  back: BackLink;
  /** Shown before the title (a person's avatar). */
  media?: ReactNode;
  /** The row's actions, once it is loaded. */
  actions?: (data: T) => ReactNode;
  /** Shows the 'Archived' badge under the title. */
  archived: boolean;
  /** What the page says when the row could not be loaded (false otherwise). */
  error: string | false;
  /** The accessible name of the card of facts. */
  label: string;
  /** The row's facts, in order. */
  fields: (data: T) => readonly DetailField[];
  /** In the card, before the facts (a logo). */
  lead?: (data: T) => ReactNode;
  /** In the card, after the facts (a description, a list of levels). */
  extra?: (data: T) => ReactNode;
  /** Below the card, loaded or not (more sections, a dialog). */
  children?: ReactNode;
}

/**
 * The frame of a catalogue row's page: its header (the way back, the title, the archived badge,
 * the actions), the notice when the row could not be loaded, and the card of its facts.
 */
export function DetailPage<T>({
  data,
  eyebrow,
  title,
  back,
  media,
  actions,
  archived,
  error,
  label,
  fields,
  lead,
  extra,
  children,
}: DetailPageProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageHeader
        eyebrow={eyebrow}
        title={title ?? '…'}
        back={back}
        media={media}
        actions={data !== undefined && actions?.(data)}
      >
        {archived && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>
      {error && <p className="notice notice--error">{error}</p>}
      {data !== undefined && (
        <section className="card manage-detail" aria-label={label}>
          {lead?.(data)}
          <dl className="manage-facts">
            {fields(data).map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd className={field.className} style={field.style}>
                  {field.value}
                </dd>
              </div>
            ))}
          </dl>
          {extra?.(data)}
        </section>
      )}
      {children}
    </div>
  );
}
