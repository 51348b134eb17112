import { ANNOTATION_COLORS, type Annotation, type AnnotationBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Download,
  Highlighter,
  MessageSquarePlus,
  MousePointer2,
  PenLine,
  Trash2,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addAnnotation,
  annotatedPdfUrl,
  annotationsKey,
  deleteAnnotation,
  updateAnnotation,
  useAnnotations,
} from '../../../api/marking.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { FileViewer } from '../../../ui/file-viewer.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { type AnnotationColor, AnnotationLayer, numbered, type Tool } from './annotation-layer.tsx';

interface HandInFile {
  id: number;
  file_link: string;
  mime: string;
  file_name: string;
}

const TOOLS: { tool: Tool; Icon: typeof Highlighter }[] = [
  { tool: 'read', Icon: MousePointer2 },
  { tool: 'highlight', Icon: Highlighter },
  { tool: 'comment', Icon: MessageSquarePlus },
  { tool: 'drawing', Icon: PenLine },
];

/** One annotation of the list: where, what, its text (editable by the marker), its removal. */
function AnnotationItem({
  row,
  number,
  editable,
  selected,
  onSelect,
  onChanged,
}: {
  row: Annotation;
  number: number | undefined;
  editable: boolean;
  selected: boolean;
  onSelect: () => void;
  onChanged: (error?: unknown) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(row.text ?? '');
  const save = async () => {
    if (text === (row.text ?? '')) return;
    try {
      await updateAnnotation(row.id, text.trim() === '' ? null : text);
      onChanged();
    } catch (error) {
      onChanged(error);
    }
  };
  return (
    <li className={selected ? 'annotation-item annotation-item--selected' : 'annotation-item'}>
      <span className="annotation-item__head">
        <span className="annotation-item__swatch" style={{ background: row.color }} aria-hidden />
        <strong>
          {number !== undefined ? `${number}. ` : ''}
          {t(`marking.annotations.kinds.${row.kind}`)}
        </strong>
        <span className="marking-muted">{t('marking.annotations.page', { page: row.page })}</span>
        {editable && (
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label={t('marking.annotations.remove', { page: row.page })}
            onClick={async () => {
              try {
                await deleteAnnotation(row.id);
                onChanged();
              } catch (error) {
                onChanged(error);
              }
            }}
          >
            <Trash2 aria-hidden size={16} />
          </button>
        )}
      </span>
      {editable ? (
        <>
          <label className="sr-only" htmlFor={`${id}-text`}>
            {t('marking.annotations.text')}
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input field__area"
            rows={2}
            maxLength={2000}
            value={text}
            placeholder={t('marking.annotations.textPlaceholder')}
            onFocus={onSelect}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => void save()}
          />
        </>
      ) : (
        row.text && <p className="annotation-item__text">{row.text}</p>
      )}
    </li>
  );
}

/** The text of a comment placed on the page, typed where it goes (Enter adds it, Escape drops it). */
function PendingComment({
  x,
  y,
  onAdd,
  onCancel,
}: {
  x: number;
  y: number;
  onAdd: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    field.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      className="pending-comment card"
      style={{ left: `min(${x * 100}%, calc(100% - 16rem))`, top: `${y * 100}%` }}
    >
      <label className="field__label" htmlFor={`${id}-text`}>
        {t('marking.annotations.comment')}
      </label>
      <textarea
        id={`${id}-text`}
        ref={field}
        className="field__input field__area"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (text.trim() !== '') onAdd(text);
          }
        }}
      />
      <div className="pending-comment__actions">
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('marking.annotations.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => text.trim() !== '' && onAdd(text)}
        >
          {t('marking.annotations.add')}
        </button>
      </div>
    </div>
  );
}

/**
 * A hand-in shown in the page with its annotations (decision 194): a marker highlights, comments
 * and draws on a PDF (tools by pointer; comments by keyboard from the list too), a student reads
 * them once the grade is out; the annotated copy downloads as a new PDF, the file never changes.
 */
export function AnnotatedFile({ file, editable }: { file: HandInFile; editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const pdf = file.mime === 'application/pdf';
  const annotations = useAnnotations(file.id, pdf);
  const [tool, setTool] = useState<Tool>('read');
  const [color, setColor] = useState<AnnotationColor>(ANNOTATION_COLORS[0]);
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState<{ page: number; x: number; y: number } | null>(null);
  const [pendingText, setPendingText] = useState('');
  const [pendingPage, setPendingPage] = useState('1');
  const [failure, setFailure] = useState<string | null>(null);
  const rows = annotations.data?.data ?? [];
  const numbers = numbered(rows);
  const refresh = (error?: unknown) => {
    setFailure(error ? errorMessage(error) : null);
    return queryClient.invalidateQueries({ queryKey: annotationsKey(file.id) });
  };
  const create = async (body: AnnotationBody) => {
    if (body.kind === 'comment' && !body.text) {
      setPending({ page: body.page, x: body.geometry.x, y: body.geometry.y });
      return;
    }
    try {
      const created = await addAnnotation(file.id, body);
      setSelected(created.id);
      await refresh();
    } catch (error) {
      await refresh(error);
    }
  };
  /** A comment at the spot clicked, or (from the keyboard) at the top left of the page given. */
  const addComment = async (text: string, at?: { page: number; x: number; y: number }) => {
    const page = at?.page ?? Math.max(1, Number.parseInt(pendingPage, 10) || 1);
    await create({
      kind: 'comment',
      page,
      geometry: { x: at?.x ?? 0.04, y: at?.y ?? 0.04 },
      text,
      color: ANNOTATION_COLORS[3],
    });
  };
  const addTyped = async () => {
    if (pendingText.trim() === '') return;
    await addComment(pendingText);
    setPendingText('');
  };
  const readOnly = !editable;
  return (
    <div className="annotated-file">
      {editable && pdf && (
        <div
          className="annotation-tools"
          role="toolbar"
          aria-label={t('marking.annotations.tools')}
        >
          {TOOLS.map(({ tool: value, Icon }) => (
            <button
              key={value}
              type="button"
              className="button button--ghost button--small"
              aria-pressed={tool === value}
              onClick={() => setTool(value)}
            >
              <Icon aria-hidden size={16} /> {t(`marking.annotations.tool.${value}`)}
            </button>
          ))}
          <fieldset className="annotation-tools__colors">
            <legend className="sr-only">{t('marking.annotations.color')}</legend>
            {ANNOTATION_COLORS.map((value, index) => (
              <label key={value} className="annotation-tools__color">
                <input
                  type="radio"
                  name={`${id}-color`}
                  value={value}
                  checked={color === value}
                  onChange={() => setColor(value)}
                />
                <span style={{ background: value }} aria-hidden />
                <span className="sr-only">{t(`marking.annotations.colors.${index}`)}</span>
              </label>
            ))}
          </fieldset>
        </div>
      )}
      <FileViewer
        url={file.file_link}
        mime={file.mime}
        fileName={file.file_name}
        renderPageOverlay={
          pdf
            ? (page, size) => (
                <>
                  <AnnotationLayer
                    page={page}
                    size={size}
                    annotations={rows.filter((row) => row.page === page)}
                    numbers={numbers}
                    tool={readOnly ? 'read' : tool}
                    color={color}
                    selected={selected}
                    onCreate={readOnly ? undefined : (body) => void create(body)}
                    onSelect={setSelected}
                    label={t('marking.annotations.layer', {
                      page,
                      count: rows.filter((row) => row.page === page).length,
                    })}
                  />
                  {pending?.page === page && (
                    <PendingComment
                      x={pending.x}
                      y={pending.y}
                      onCancel={() => setPending(null)}
                      onAdd={(text) => {
                        setPending(null);
                        void addComment(text, pending);
                      }}
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      {failure && <Notice kind="error">{failure}</Notice>}
      {pdf && (editable || rows.length > 0) && (
        <section className="annotation-list" aria-labelledby={`${id}-title`}>
          <div className="annotation-list__head">
            <h3 id={`${id}-title`}>{t('marking.annotations.title', { count: rows.length })}</h3>
            {rows.length > 0 && (
              <a className="button button--ghost button--small" href={annotatedPdfUrl(file.id)}>
                <Download aria-hidden size={16} /> {t('marking.annotations.download')}
              </a>
            )}
          </div>
          {editable && (
            <div className="annotation-list__add">
              <div className="field annotation-list__page">
                <label className="field__label" htmlFor={`${id}-page`}>
                  {t('marking.annotations.onPage')}
                </label>
                <input
                  id={`${id}-page`}
                  className="field__input"
                  type="number"
                  min={1}
                  inputMode="numeric"
                  value={pendingPage}
                  onChange={(event) => setPendingPage(event.target.value)}
                />
              </div>
              <div className="field annotation-list__comment">
                <label className="field__label" htmlFor={`${id}-comment`}>
                  {t('marking.annotations.comment')}
                </label>
                <textarea
                  id={`${id}-comment`}
                  className="field__input field__area"
                  rows={2}
                  maxLength={2000}
                  value={pendingText}
                  onChange={(event) => setPendingText(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey) {
                      event.preventDefault();
                      void addTyped();
                    }
                  }}
                />
              </div>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void addTyped()}
              >
                {t('marking.annotations.add')}
              </button>
            </div>
          )}
          {rows.length === 0 ? (
            <p className="marking-muted">{t('marking.annotations.none')}</p>
          ) : (
            <ol className="annotation-list__items">
              {rows.map((row) => (
                <AnnotationItem
                  key={`${row.id}-${row.text ?? ''}`}
                  row={row}
                  number={numbers.get(row.id)}
                  editable={editable}
                  selected={selected === row.id}
                  onSelect={() => setSelected(row.id)}
                  onChanged={(error) => void refresh(error)}
                />
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
