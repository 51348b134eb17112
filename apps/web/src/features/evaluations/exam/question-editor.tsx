import {
  PROMPT_FORMATS,
  type PromptFormat,
  QUESTION_KINDS,
  type Question,
  type QuestionBody,
  type QuestionKind,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import {
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import {
  type FieldArray,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createQuestion, updateQuestion } from '../../../api/exams.ts';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.ts';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { QuestionField } from './question-field.tsx';
import './exam.css';

/* ------------------------------------------------------------------------------------------------
 * The form's own shape: one row per choice, accepted answer, accepted number or matching pair,
 * every number as typed (a decimal comma or point), a weight as a percentage ('' for none).
 * --------------------------------------------------------------------------------------------- */

interface ChoiceRow {
  label: string;
  right: boolean;
  weight: string;
  feedback: string;
}
interface AcceptedRow {
  text: string;
  weight: string;
  feedback: string;
}
interface NumberRow {
  value: string;
  tolerance: string;
  weight: string;
  feedback: string;
}
interface PairRow {
  item: string;
  answer: string;
}
interface DistractorRow {
  label: string;
}

interface EditorValues {
  kind: QuestionKind;
  title: string;
  format: PromptFormat;
  prompt: string;
  points: string;
  choices: ChoiceRow[];
  accepted: AcceptedRow[];
  numbers: NumberRow[];
  pairs: PairRow[];
  distractors: DistractorRow[];
  /** A short answer compared with its case. */
  caseSensitive: boolean;
  general: string;
}

/** The server's limits: 20 choices, items or answers; 50 accepted answers or numbers. */
const MAX_CHOICES = 20;
const MAX_ACCEPTED = 50;

const emptyChoice = (): ChoiceRow => ({ label: '', right: false, weight: '', feedback: '' });
const emptyAccepted = (): AcceptedRow => ({ text: '', weight: '', feedback: '' });
const emptyNumber = (): NumberRow => ({ value: '', tolerance: '', weight: '', feedback: '' });
const emptyPair = (): PairRow => ({ item: '', answer: '' });

const isChoiceKind = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

/** A fraction as the percentage the form shows: 0.5 → "50", 1/3 → "33.3333". */
const percentOf = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

/** The form's rows of a stored question; the rows of the other kinds start empty. */
function toValues(question?: Question): EditorValues {
  const kind = question?.kind ?? 'single';
  const key = question?.answer_key ?? {};
  const weight = (index: number) =>
    key.weights?.[index] === undefined ? '' : percentOf(key.weights[index]!);
  const feedback = (index: number) => key.feedback?.[index] ?? '';
  const pairs = key.pairs ?? [];
  return {
    kind,
    title: question?.title ?? '',
    format: question?.format ?? 'plain',
    prompt: question?.prompt ?? '',
    // A description is worth nothing: a kind changed from it starts at the usual point.
    points: String(question && kind !== 'description' ? question.points : 1),
    choices:
      question && isChoiceKind(kind)
        ? question.choices.map((label, index) => ({
            label,
            right: key.choices?.includes(index) ?? false,
            weight: weight(index),
            feedback: feedback(index),
          }))
        : [emptyChoice(), emptyChoice()],
    accepted:
      kind === 'short'
        ? (key.accepted ?? []).map((text, index) => ({
            text,
            weight: weight(index),
            feedback: feedback(index),
          }))
        : [emptyAccepted()],
    numbers:
      kind === 'numerical'
        ? (key.numbers ?? []).map((accepted, index) => ({
            value: String(accepted.value),
            tolerance: accepted.tolerance === 0 ? '' : String(accepted.tolerance),
            weight: weight(index),
            feedback: feedback(index),
          }))
        : [emptyNumber()],
    pairs:
      question && kind === 'matching'
        ? question.choices.map((item, index) => ({
            item,
            answer: question.options[pairs[index] ?? -1] ?? '',
          }))
        : [emptyPair(), emptyPair()],
    // The answers no item is paired with, in their order.
    distractors:
      question && kind === 'matching'
        ? question.options.filter((_, index) => !pairs.includes(index)).map((label) => ({ label }))
        : [],
    caseSensitive: key.case_sensitive === true,
    general: key.general ?? '',
  };
}

/* ------------------------------------------------------------------------------------------------
 * From the form to the body: the client's mirror of the server's obvious rules (messages are
 * catalogue keys), then the body the API takes.
 * --------------------------------------------------------------------------------------------- */

const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** A number typed with a decimal comma or point; NaN when it is not one. */
function parseDecimal(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  return DECIMAL.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

const blank = (text: string) => text.trim() === '';

/** A row the teacher left entirely empty (an extra line): skipped, not an error. */
const emptyRow = (row: object) =>
  Object.values(row).every((value) => typeof value !== 'string' || blank(value)) &&
  !(row as { right?: boolean }).right;

/** The rows kept, each with its place in the form (for its errors). */
const keptRows = <T extends object>(rows: readonly T[]) =>
  rows.flatMap((row, at) => (emptyRow(row) ? [] : [{ row, at }]));

/**
 * The fraction each option earns once a percentage is typed for any of them, or null when none
 * is (all or nothing, from the marks). An option left without one earns what its mark says: a
 * single choice's right one 100%, a multiple choice's right ones what the typed ones leave of
 * 100%, shared; a typed answer (short, numerical) 100%; anything else nothing.
 */
function effectiveWeights(
  kind: QuestionKind,
  rows: readonly { weight: string; right?: boolean }[],
): number[] | null {
  if (rows.every((row) => blank(row.weight))) return null;
  const typed = rows.map((row) => (blank(row.weight) ? null : parseDecimal(row.weight) / 100));
  const given = typed.reduce<number>((sum, w) => sum + (w !== null && w > 0 ? w : 0), 0);
  const sharing = rows.filter((row, index) => typed[index] === null && row.right).length;
  return typed.map((weight, index) => {
    if (weight !== null) return weight;
    if (kind === 'short' || kind === 'numerical') return 1;
    if (!rows[index]!.right) return 0;
    return kind === 'single' ? 1 : Math.max(0, 1 - given) / sharing;
  });
}

const FULL = (weight: number) => Math.abs(weight - 1) < 1e-6;

type Errors = Record<string, unknown>;

/** Sets a message (a catalogue key) at a dotted path of the nested errors. */
function put(errors: Errors, path: string, message: string) {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Errors;
  }
  node[parts.at(-1)!] ??= { type: 'validate', message };
}

/** The feedback texts, only when one says something. */
const feedbackOf = (texts: string[]) =>
  texts.some((text) => text.trim() !== '') ? { feedback: texts.map((text) => text.trim()) } : {};

/**
 * Checks the percentages of the kept rows (`field` names their array in the form); answers the
 * weights to send, or null for none.
 */
function weightsOf(
  kind: QuestionKind,
  field: 'choices' | 'accepted' | 'numbers',
  kept: { row: { weight: string; right?: boolean }; at: number }[],
  errors: Errors,
): number[] | null {
  const rows = kept.map(({ row }) => row);
  const weights = effectiveWeights(kind, rows);
  if (!weights) return null;
  const low = kind === 'short' || kind === 'numerical' ? 0 : -100;
  let typedOk = true;
  kept.forEach(({ row, at }) => {
    if (blank(row.weight)) return;
    const percent = parseDecimal(row.weight);
    if (!(percent >= low && percent <= 100)) {
      typedOk = false;
      put(
        errors,
        `${field}.${at}.weight`,
        low === 0 ? 'exams.editor.errors.weightPositive' : 'exams.editor.errors.weight',
      );
    }
  });
  if (!typedOk) return weights;
  if (kind === 'multiple') {
    const sum = weights.filter((w) => w > 0).reduce((total, w) => total + w, 0);
    if (Math.abs(sum - 1) > 0.005) put(errors, `${field}.root`, 'exams.editor.errors.weightsSum');
  } else if (!weights.some(FULL)) {
    put(errors, `${field}.root`, 'exams.editor.errors.fullCredit');
  }
  return weights;
}

/** The unique answers of a matching question in order, its distractors after them. */
function matchingOptions(values: Pick<EditorValues, 'pairs' | 'distractors'>) {
  const options: string[] = [];
  for (const { item, answer } of values.pairs) {
    if (blank(item) && blank(answer)) continue;
    if (!options.includes(answer.trim()) && !blank(answer)) options.push(answer.trim());
  }
  const answers = options.length;
  for (const { label } of values.distractors) {
    if (!blank(label) && !options.includes(label.trim())) options.push(label.trim());
  }
  return { options, answers };
}

/**
 * The form's values with what students answered put back as stored (decision 190): once a
 * student has started, only the key, the points and the title of a question may change, so its
 * kind, prompt, format, choices and matching items are the stored ones whatever the form holds.
 */
function pinned(values: EditorValues, question: Question): EditorValues {
  return {
    ...values,
    kind: question.kind,
    prompt: question.prompt,
    format: question.format,
    choices: values.choices.map((row, index) => ({
      ...row,
      label: question.choices[index] ?? row.label,
    })),
    pairs: values.pairs.map((row, index) => ({
      ...row,
      item: question.choices[index] ?? row.item,
    })),
  };
}

/**
 * The body to send for the form's values, or the errors that keep it from being sent. With
 * `fixed` (a question students have answered), the answered parts are the stored ones, and a
 * matching question's answers are its stored ones, each item paired with one of them.
 */
function buildBody(
  given: EditorValues,
  fixed?: Question,
): { body: QuestionBody | null; errors: Errors } {
  const errors: Errors = {};
  const values = fixed ? pinned(given, fixed) : given;
  const { kind } = values;
  const general = values.general.trim() ? { general: values.general.trim() } : {};
  const points = parseDecimal(values.points);
  if (blank(values.prompt)) put(errors, 'prompt', 'validation.required');
  if (kind !== 'description' && !(points > 0 && points <= 1000)) {
    put(errors, 'points', 'exams.validation.points');
  }
  const base = {
    kind,
    prompt: values.prompt,
    format: values.format,
    title: values.title.trim() || null,
    points: kind === 'description' ? 0 : points,
  };
  let rest: Pick<QuestionBody, 'choices' | 'options' | 'answer_key'>;
  if (isChoiceKind(kind)) {
    const kept = keptRows(values.choices);
    for (const { row, at } of kept) {
      if (blank(row.label)) put(errors, `choices.${at}.label`, 'exams.editor.errors.choiceLabel');
    }
    if (kept.length < 2) put(errors, 'choices.root', 'exams.editor.errors.choices');
    const weights = weightsOf(kind, 'choices', kept, errors);
    const right = kept.flatMap(({ row }, index) => (row.right ? [index] : []));
    if (!weights) {
      if (right.length === 0) {
        put(
          errors,
          'choices.root',
          kind === 'single' ? 'exams.editor.errors.right' : 'exams.editor.errors.rightMany',
        );
      } else if (kind === 'single' && right.length > 1) {
        put(errors, 'choices.root', 'exams.editor.errors.singleOne');
      }
    }
    rest = {
      choices: kept.map(({ row }) => row.label.trim()),
      options: [],
      answer_key: {
        ...(weights ? { weights } : { choices: right }),
        ...feedbackOf(kept.map(({ row }) => row.feedback)),
        ...general,
      },
    };
  } else if (kind === 'short') {
    const kept = keptRows(values.accepted);
    for (const { row, at } of kept) {
      if (blank(row.text)) put(errors, `accepted.${at}.text`, 'exams.editor.errors.answerText');
    }
    if (kept.length === 0) put(errors, 'accepted.root', 'exams.editor.errors.accepted');
    const weights = weightsOf(kind, 'accepted', kept, errors);
    rest = {
      choices: [],
      options: [],
      answer_key: {
        accepted: kept.map(({ row }) => row.text.trim()),
        ...(weights ? { weights } : {}),
        ...(values.caseSensitive ? { case_sensitive: true } : {}),
        ...feedbackOf(kept.map(({ row }) => row.feedback)),
        ...general,
      },
    };
  } else if (kind === 'numerical') {
    const kept = keptRows(values.numbers);
    const numbers = kept.map(({ row, at }) => {
      const value = parseDecimal(row.value);
      const tolerance = blank(row.tolerance) ? 0 : parseDecimal(row.tolerance);
      if (Number.isNaN(value)) put(errors, `numbers.${at}.value`, 'exams.editor.errors.number');
      if (!(tolerance >= 0))
        put(errors, `numbers.${at}.tolerance`, 'exams.editor.errors.tolerance');
      return { value, tolerance };
    });
    if (kept.length === 0) put(errors, 'numbers.root', 'exams.editor.errors.numbers');
    const weights = weightsOf(kind, 'numbers', kept, errors);
    rest = {
      choices: [],
      options: [],
      answer_key: {
        numbers,
        ...(weights ? { weights } : {}),
        ...feedbackOf(kept.map(({ row }) => row.feedback)),
        ...general,
      },
    };
  } else if (kind === 'matching') {
    const kept = keptRows(values.pairs);
    for (const { row, at } of kept) {
      if (blank(row.item)) put(errors, `pairs.${at}.item`, 'exams.editor.errors.pairText');
      if (blank(row.answer)) put(errors, `pairs.${at}.answer`, 'exams.editor.errors.pairText');
    }
    if (kept.length < 2) put(errors, 'pairs.root', 'exams.editor.errors.pairs');
    const { options, answers } = fixed
      ? { options: fixed.options, answers: fixed.options.length }
      : matchingOptions(values);
    if (fixed) {
      for (const { row, at } of kept) {
        if (!blank(row.answer) && !options.includes(row.answer.trim())) {
          put(errors, `pairs.${at}.answer`, 'exams.editor.errors.pairOption');
        }
      }
    }
    const seen = new Set(options.slice(0, answers));
    // A question students answered keeps its stored answers: its distractors are not edited.
    values.distractors.forEach(({ label }, at) => {
      if (blank(label) || fixed) return;
      if (seen.has(label.trim())) {
        put(errors, `distractors.${at}.label`, 'exams.editor.errors.duplicate');
      }
      seen.add(label.trim());
    });
    if (options.length < 2) put(errors, 'distractors.root', 'exams.editor.errors.options');
    if (options.length > MAX_CHOICES) {
      put(errors, 'distractors.root', 'exams.editor.errors.tooManyOptions');
    }
    rest = {
      choices: kept.map(({ row }) => row.item.trim()),
      options,
      answer_key: {
        pairs: kept.map(({ row }) => options.indexOf(row.answer.trim())),
        ...general,
      },
    };
  } else {
    // A long answer keeps its general feedback; a description takes no answer at all.
    const key = kind === 'long' && general.general ? general : null;
    rest = { choices: [], options: [], answer_key: key };
  }
  const body = Object.keys(errors).length === 0 ? { ...base, ...rest } : null;
  return { body, errors };
}

/** The form's check: the body's (`fixed`: a question students have answered, see buildBody). */
const resolverFor =
  (fixed?: Question): Resolver<EditorValues> =>
  (values) => {
    const { errors } = buildBody(values, fixed);
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as FieldErrors<EditorValues> };
  };

/* ------------------------------------------------------------------------------------------------
 * The preview: the question as the student's attempt shows it, built from the form.
 * --------------------------------------------------------------------------------------------- */

type PreviewQuestion = Parameters<typeof QuestionField>[0]['question'];
type PreviewValue = Parameters<typeof QuestionField>[0]['value'];

/** Tags and attributes the server keeps in an HTML prompt (the chapters' allow-list, no image). */
const PREVIEW_TAGS: Record<string, readonly string[]> = {
  ...Object.fromEntries(
    'h1 h2 h3 h4 p br hr strong b em i u s sub sup mark ul li code pre blockquote table thead tbody tr colgroup'
      .split(' ')
      .map((tag) => [tag, []]),
  ),
  a: ['href', 'title'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  ol: ['start'],
};
/** Refused tags dropped with their content; other refused tags keep their text. */
const PREVIEW_DROPPED = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'img',
]);
const SAFE_HREF = /^(https?:\/\/|mailto:|#)/i;

function cleanNode(parent: ParentNode) {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) node.remove();
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (PREVIEW_DROPPED.has(tag)) {
      element.remove();
      continue;
    }
    cleanNode(element);
    const allowed = PREVIEW_TAGS[tag];
    if (!allowed) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      if (!allowed.includes(name) || (name === 'href' && !SAFE_HREF.test(value.trim()))) {
        element.removeAttribute(name);
      }
    }
    if (tag === 'a') {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/**
 * An HTML prompt as the server will keep it, near enough for a preview: the teacher's text is
 * parsed inert (a template runs no script and loads nothing) and cut to the same allow-list.
 */
function previewHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  cleanNode(template.content);
  return template.innerHTML;
}

/** The question the preview shows: the rows kept, the answers of a matching question in order. */
function previewQuestion(values: EditorValues): PreviewQuestion {
  const labelled = (labels: string[]) => labels.map((label, index) => ({ index, label }));
  const choices =
    values.kind === 'matching'
      ? keptRows(values.pairs).map(({ row }) => row.item.trim())
      : isChoiceKind(values.kind)
        ? keptRows(values.choices).map(({ row }) => row.label.trim())
        : [];
  const points = parseDecimal(values.points);
  return {
    id: 0,
    kind: values.kind,
    prompt: values.format === 'html' ? previewHtml(values.prompt) : values.prompt,
    format: values.format,
    choices: labelled(choices),
    options: labelled(values.kind === 'matching' ? matchingOptions(values).options : []),
    points: values.kind === 'description' || Number.isNaN(points) ? 0 : points,
  };
}

/** The question tried as the student would (its own answer, forgotten when the kind changes). */
function LivePreview({ question }: { question: PreviewQuestion }) {
  const [value, setValue] = useState<PreviewValue>({});
  return (
    <QuestionField
      question={question}
      number={question.kind === 'description' ? null : 1}
      value={value}
      onChange={setValue}
    />
  );
}

/* ------------------------------------------------------------------------------------------------
 * The rows.
 * --------------------------------------------------------------------------------------------- */

type Form = UseFormReturn<EditorValues>;
type FormPath = FieldPath<EditorValues>;

/** The form's lists of rows. */
type RowListName = 'choices' | 'accepted' | 'numbers' | 'pairs' | 'distractors';

/** A client error's message (a catalogue key) or a server one (already translated). */
function useMessage() {
  const { t } = useTranslation();
  return (error: { type?: string | number; message?: string } | undefined) =>
    error?.message ? (error.type === 'server' ? error.message : t(error.message)) : undefined;
}

/**
 * An input of a row, its label read by screen readers only (its placeholder too, unless given
 * another), its error (the form's at its name) below it.
 */
function RowInput({
  form,
  name,
  label,
  className,
  onEnter,
  onValue,
  ...input
}: {
  form: Form;
  name: FormPath;
  label: string;
  className: string;
  /** Enter moves on (to the next row, a new one after the last) rather than saving. */
  onEnter?: () => void;
  /** Told each new value as it is typed, after the form holds it. */
  onValue?: (value: string) => void;
} & Omit<ComponentProps<'input'>, 'name' | 'className' | 'form'>) {
  const id = useId();
  const message = useMessage()(form.getFieldState(name, form.formState).error);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onEnter || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <div className={`exam-editor__cell ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        placeholder={label}
        onKeyDown={onKeyDown}
        {...input}
        {...form.register(name, {
          onChange: onValue && ((event) => onValue(String(event.target.value))),
        })}
      />
      {message && (
        <p id={`${id}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}

/** A row's main text (a choice, an accepted answer, an item, its answer, a distractor). */
function TextCell(props: Omit<Parameters<typeof RowInput>[0], 'className'>) {
  return <RowInput className="exam-editor__cell--main" maxLength={500} {...props} />;
}

/** A row's number (an accepted value or its tolerance), with a decimal comma or point. */
function NumberCell(props: Omit<Parameters<typeof RowInput>[0], 'className'>) {
  return <RowInput className="exam-editor__cell--number" inputMode="decimal" {...props} />;
}

/** The remove button of a row. */
function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button exam-editor__remove"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" size={18} />
    </button>
  );
}

/** The rows of one of the form's lists, with the moves every list shares. */
interface RowList<N extends RowListName = RowListName> {
  name: N;
  /** The rows, each with its key. */
  fields: readonly { id: string }[];
  /** At its limit: no row is added. */
  full: boolean;
  /** Adds an empty row after the last (react-hook-form focuses it). */
  add: () => void;
  /** Enter in a row: on to the next row's first cell, or a new row after the last. */
  next: (index: number) => void;
  /**
   * Removes a row, then focuses the row now in its place (the new last one after the last), or
   * the field above the group when none is left: the focus is never lost to the page.
   */
  removeAt: (index: number) => void;
}

/** A list of rows of the form and its moves (see `RowList`). */
function useRowList<N extends RowListName>(
  form: Form,
  name: N,
  options: {
    /** A row's first cell, where the focus goes. */
    first: (index: number) => FormPath;
    empty: () => FieldArray<EditorValues, N>;
    max: number;
    /** What the limit counts, when it is not this list's rows. */
    count?: number;
    /** Where the focus goes once the last row is removed. */
    whenEmpty?: FormPath;
  },
): RowList<N> {
  const { first, empty, max, count, whenEmpty = 'prompt' } = options;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  // The focus moves once the rows after a removed one are rendered in their new places.
  const [focusTarget, setFocusTarget] = useState<FormPath | null>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    setFocusTarget(null);
    form.setFocus(focusTarget);
  }, [focusTarget, form]);
  const full = (count ?? fields.length) >= max;
  const add = () => append(empty());
  return {
    name,
    fields,
    full,
    add,
    next: (index) => {
      if (index + 1 < fields.length) form.setFocus(first(index + 1));
      else if (!full) add();
    },
    removeAt: (index) => {
      remove(index);
      setFocusTarget(fields.length > 1 ? first(Math.min(index, fields.length - 2)) : whenEmpty);
    },
  };
}

/**
 * A group of rows: its legend and hint, its rows (each drawn by `row`, given its place and its
 * number from 1), the button that adds one, what else the group holds (`children`), and the
 * group's own error; under the key's rows (not the distractors), the server's refusal of the
 * whole key when there is no such error.
 */
function RowGroup({
  form,
  list,
  legend,
  hint,
  addLabel,
  hideEmpty,
  fixed = false,
  row,
  children,
}: {
  form: Form;
  list: RowList;
  legend: string;
  hint: string;
  addLabel: string;
  /** No list at all while it has no row (the distractors, none by default). */
  hideEmpty?: boolean;
  /** Rows students answered: none is added (nor removed, by the rows themselves). */
  fixed?: boolean;
  row: (index: number, n: number) => ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  const message = useMessage();
  const errors = form.formState.errors;
  // The array-level error: the client's (at its root) or the server's.
  const node = errors[list.name] as
    | { root?: FieldError; message?: string; type?: string }
    | undefined;
  const own = node?.root ?? (node?.message ? (node as FieldError) : undefined);
  const keyError = list.name === 'distractors' ? undefined : errors.root?.answerKey;
  const error = message(own) ?? message(keyError);
  return (
    <fieldset
      className="exam-editor__group"
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
    >
      <legend className="field__label">{legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {!(hideEmpty && list.fields.length === 0) && (
        <ol className="exam-editor__rows">
          {list.fields.map((field, index) => (
            <li key={field.id} className="exam-editor__row">
              {row(index, index + 1)}
            </li>
          ))}
        </ol>
      )}
      {!fixed && (
        <button
          type="button"
          className="button button--ghost button--small exam-editor__add"
          disabled={list.full}
          onClick={list.add}
        >
          <Plus aria-hidden="true" size={18} />
          {addLabel}
        </button>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A group of rows that earn points (choices, accepted answers or numbers): each row's own cells,
 * then its percentage, remove button and feedback, Enter in them moving on as in its cells. A
 * percentage's placeholder says what the row earns without one: nothing to say for a choice while
 * none is typed (all or nothing), all the points for a typed answer. Only a choice may take
 * points back (a negative percentage).
 */
function ScoredRows({
  form,
  list,
  kind,
  rowLabels,
  cells,
  onWeight,
  fixed = false,
  ...group
}: {
  form: Form;
  list: RowList<'choices' | 'accepted' | 'numbers'>;
  kind: 'single' | 'multiple' | 'short' | 'numerical';
  /** The labels of row `n`'s percentage, remove button and feedback. */
  rowLabels: (n: number) => { weight: string; remove: string; feedback: string };
  /** The row's own cells, before its percentage. */
  cells: (index: number, n: number) => ReactNode;
  /** Told a row's percentage as it is typed. */
  onWeight?: (index: number, value: string) => void;
  /** Rows students answered: their marks, percentages and feedback change, not the rows. */
  fixed?: boolean;
} & Pick<ComponentProps<typeof RowGroup>, 'legend' | 'hint' | 'addLabel' | 'children'>) {
  const { t } = useTranslation();
  const weights = effectiveWeights(kind, form.watch(list.name));
  const choice = isChoiceKind(kind);
  return (
    <RowGroup
      form={form}
      list={list}
      fixed={fixed}
      {...group}
      row={(index, n) => {
        const labels = rowLabels(n);
        const next = () => list.next(index);
        return (
          <>
            {cells(index, n)}
            <div className="exam-editor__weight">
              <RowInput
                form={form}
                name={`${list.name}.${index}.weight`}
                label={labels.weight}
                placeholder={weights ? percentOf(weights[index] ?? 0) : choice ? '' : '100'}
                className="exam-editor__cell--weight"
                type="number"
                step="any"
                inputMode="decimal"
                min={choice ? -100 : 0}
                max={100}
                onEnter={next}
                onValue={onWeight && ((value) => onWeight(index, value))}
              />
              <span aria-hidden="true">%</span>
            </div>
            {!fixed && <RemoveButton label={labels.remove} onClick={() => list.removeAt(index)} />}
            <RowInput
              form={form}
              name={`${list.name}.${index}.feedback`}
              label={labels.feedback}
              placeholder={t('exams.editor.feedbackPlaceholder')}
              className="exam-editor__cell--feedback"
              maxLength={2000}
              onEnter={next}
            />
          </>
        );
      }}
    />
  );
}

/**
 * The choices of a single or multiple choice, each marked right or not; `fixed` (students
 * answered them): their texts stay, their marks, percentages and feedback change.
 */
function ChoiceRows({
  form,
  kind,
  fixed = false,
}: {
  form: Form;
  kind: 'single' | 'multiple';
  fixed?: boolean;
}) {
  const { t } = useTranslation();
  const radioName = useId();
  const list = useRowList(form, 'choices', {
    first: (index) => `choices.${index}.label`,
    empty: emptyChoice,
    max: fixed ? 0 : MAX_CHOICES,
  });
  const rows = form.watch('choices');
  const single = kind === 'single';
  const validate = { shouldDirty: true };

  /** A right mark changed: the row's percentage, if it says otherwise, gives way to the mark. */
  const mark = (index: number, right: boolean) => {
    rows.forEach((row, at) => {
      const next = single ? at === index && right : at === index ? right : row.right;
      if (next === row.right && at !== index) return;
      form.setValue(`choices.${at}.right`, next, validate);
      const percent = parseDecimal(row.weight);
      const contradicts = single ? next !== (percent === 100) : next !== percent > 0;
      if (!blank(row.weight) && contradicts) form.setValue(`choices.${at}.weight`, '', validate);
    });
  };
  /** A percentage typed: a full one marks a single choice right, a positive one a multiple's. */
  const weighed = (index: number, text: string) => {
    const percent = parseDecimal(text);
    if (Number.isNaN(percent)) return;
    if (single && percent === 100) {
      rows.forEach((_, at) => {
        form.setValue(`choices.${at}.right`, at === index, validate);
      });
    } else {
      form.setValue(`choices.${index}.right`, single ? false : percent > 0, validate);
    }
  };

  return (
    <ScoredRows
      form={form}
      list={list}
      kind={kind}
      legend={t('exams.editor.choices')}
      hint={t(single ? 'exams.editor.choicesHint' : 'exams.editor.choicesHintMultiple')}
      addLabel={t('exams.editor.addChoice')}
      rowLabels={(n) => ({
        weight: t('exams.editor.choiceWeight', { n }),
        remove: t('exams.editor.removeChoice', { n }),
        feedback: t('exams.editor.choiceFeedback', { n }),
      })}
      onWeight={weighed}
      fixed={fixed}
      cells={(index, n) => (
        <>
          <label className="exam-editor__mark">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`${radioName}-right`}
              checked={rows[index]?.right ?? false}
              onChange={(event) => mark(index, event.target.checked)}
            />
            <span>{t('exams.editor.right')}</span>{' '}
            <span className="sr-only">{t('exams.editor.rightOf', { n })}</span>
          </label>
          <TextCell
            form={form}
            name={`choices.${index}.label`}
            label={t('exams.editor.choice', { n })}
            readOnly={fixed}
            onEnter={() => list.next(index)}
          />
        </>
      )}
    />
  );
}

/** The accepted answers of a short answer, and whether their case counts. */
function AcceptedRows({ form }: { form: Form }) {
  const { t } = useTranslation();
  const list = useRowList(form, 'accepted', {
    first: (index) => `accepted.${index}.text`,
    empty: emptyAccepted,
    max: MAX_ACCEPTED,
  });
  return (
    <ScoredRows
      form={form}
      list={list}
      kind="short"
      legend={t('exams.editor.accepted')}
      hint={t('exams.editor.acceptedHint')}
      addLabel={t('exams.editor.addAnswer')}
      rowLabels={(n) => ({
        weight: t('exams.editor.answerWeight', { n }),
        remove: t('exams.editor.removeAnswer', { n }),
        feedback: t('exams.editor.answerFeedback', { n }),
      })}
      cells={(index, n) => (
        <TextCell
          form={form}
          name={`accepted.${index}.text`}
          label={t('exams.editor.answer', { n })}
          onEnter={() => list.next(index)}
        />
      )}
    >
      <label className="check-field">
        <input type="checkbox" {...form.register('caseSensitive')} />
        <span>{t('exams.editor.caseSensitive')}</span>
      </label>
    </ScoredRows>
  );
}

/** The accepted numbers of a numerical question, each with its tolerance. */
function NumberRows({ form }: { form: Form }) {
  const { t } = useTranslation();
  const list = useRowList(form, 'numbers', {
    first: (index) => `numbers.${index}.value`,
    empty: emptyNumber,
    max: MAX_ACCEPTED,
  });
  return (
    <ScoredRows
      form={form}
      list={list}
      kind="numerical"
      legend={t('exams.editor.numbers')}
      hint={t('exams.editor.numbersHint')}
      addLabel={t('exams.editor.addNumber')}
      rowLabels={(n) => ({
        weight: t('exams.editor.numberWeight', { n }),
        remove: t('exams.editor.removeNumber', { n }),
        feedback: t('exams.editor.numberFeedback', { n }),
      })}
      cells={(index, n) => (
        <>
          <NumberCell
            form={form}
            name={`numbers.${index}.value`}
            label={t('exams.editor.value', { n })}
            onEnter={() => list.next(index)}
          />
          <NumberCell
            form={form}
            name={`numbers.${index}.tolerance`}
            label={t('exams.editor.tolerance', { n })}
            placeholder={t('exams.editor.tolerancePlaceholder')}
            onEnter={() => list.next(index)}
          />
        </>
      )}
    />
  );
}

/**
 * The pairs of a matching question, then the answers paired with no item. `fixedOptions` (students
 * answered the question): its items and answers stay, each item is paired with one of them.
 */
function MatchingRows({ form, fixedOptions }: { form: Form; fixedOptions?: string[] }) {
  const { t } = useTranslation();
  const answerListId = useId();
  const values = form.watch(['pairs', 'distractors']);
  const fixed = fixedOptions !== undefined;
  // The answers already written, offered again as the teacher types one (items often share one).
  const answers = fixedOptions ?? [
    ...new Set(values[0].map((row) => row.answer.trim()).filter(Boolean)),
  ];
  const optionCount = matchingOptions({ pairs: values[0], distractors: values[1] }).options.length;
  const pairs = useRowList(form, 'pairs', {
    first: (index) => `pairs.${index}.item`,
    empty: emptyPair,
    max: fixed ? 0 : MAX_CHOICES,
  });
  const distractors = useRowList(form, 'distractors', {
    first: (index) => `distractors.${index}.label`,
    empty: () => ({ label: '' }),
    max: MAX_CHOICES,
    count: optionCount,
    whenEmpty: 'general',
  });
  return (
    <>
      <RowGroup
        form={form}
        list={pairs}
        legend={t('exams.editor.pairs')}
        hint={t(fixed ? 'exams.editor.pairsFixedHint' : 'exams.editor.pairsHint')}
        addLabel={t('exams.editor.addPair')}
        fixed={fixed}
        row={(index, n) => (
          <>
            <TextCell
              form={form}
              name={`pairs.${index}.item`}
              label={t('exams.editor.item', { n })}
              readOnly={fixed}
              onEnter={() => form.setFocus(`pairs.${index}.answer`)}
            />
            <span className="exam-editor__arrow" aria-hidden="true">
              →
            </span>
            <TextCell
              form={form}
              name={`pairs.${index}.answer`}
              label={t('exams.editor.itemAnswer', { n })}
              list={answerListId}
              onEnter={() => pairs.next(index)}
            />
            {!fixed && (
              <RemoveButton
                label={t('exams.editor.removePair', { n })}
                onClick={() => pairs.removeAt(index)}
              />
            )}
          </>
        )}
      >
        <datalist id={answerListId}>
          {answers.map((answer) => (
            <option key={answer} value={answer} />
          ))}
        </datalist>
      </RowGroup>
      {!fixed && (
        <RowGroup
          form={form}
          list={distractors}
          legend={t('exams.editor.distractors')}
          hint={t('exams.editor.distractorsHint')}
          addLabel={t('exams.editor.addDistractor')}
          hideEmpty
          row={(index, n) => (
            <>
              <TextCell
                form={form}
                name={`distractors.${index}.label`}
                label={t('exams.editor.distractor', { n })}
                onEnter={() => distractors.next(index)}
              />
              <RemoveButton
                label={t('exams.editor.removeDistractor', { n })}
                onClick={() => distractors.removeAt(index)}
              />
            </>
          )}
        />
      )}
    </>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The editor.
 * --------------------------------------------------------------------------------------------- */

/** Where a server's field error goes in the form, for the question's kind. */
function serverField(kind: QuestionKind, field: string): string | null {
  const rows = isChoiceKind(kind)
    ? 'choices'
    : kind === 'short'
      ? 'accepted'
      : kind === 'numerical'
        ? 'numbers'
        : kind === 'matching'
          ? 'pairs'
          : null;
  switch (field) {
    case 'prompt':
    case 'points':
    case 'title':
    case 'format':
      return field;
    case 'choices':
      return rows === 'choices' || rows === 'pairs' ? `${rows}.root` : null;
    case 'options':
      return kind === 'matching' ? 'distractors.root' : null;
    case 'answer_key':
      return rows ? 'root.answerKey' : kind === 'long' ? 'general' : null;
    default:
      return null;
  }
}

/**
 * The editor of a question, any kind: its rows of choices (each right or not, with a percentage
 * of the points and a feedback), accepted answers, numbers or pairs, its general feedback, and the
 * question beside it as the student will see it. `keyOnly` (students have started the quiz,
 * decision 190): only the key, the points and the title change; the kind, the prompt, its format,
 * the choices and a matching question's items and answers stay as the students saw them, and
 * only the key, the points and the title are sent.
 */
export function QuestionEditor({
  evaluationId,
  question,
  keyOnly = false,
  save,
  extra,
  onDone,
}: {
  evaluationId: number;
  question?: Question;
  keyOnly?: boolean;
  /** Saves the question elsewhere than in the exam (a subject's bank, decision 191). */
  save?: (body: QuestionBody) => Promise<unknown>;
  /** Fields of that other place, shown under the question's own (a bank's category and tags). */
  extra?: React.ReactNode;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const previewId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const fixed = keyOnly ? question : undefined;
  const [resolver] = useState(() => resolverFor(fixed));
  const form = useForm<EditorValues>({
    defaultValues: toValues(question),
    resolver,
    // Once a save was tried, every change checks the whole form again (below).
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();
  const kind = values.kind;

  // Once a save was refused, the messages follow what is typed.
  useEffect(() => {
    const subscription = form.watch(() => {
      if (form.formState.isSubmitted) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit(async (submitted) => {
    setFailure(null);
    const { body } = buildBody(submitted, fixed);
    if (!body) return;
    try {
      if (save) {
        await save(body);
        onDone();
        return;
      }
      if (fixed) {
        await updateQuestion(fixed.id, {
          title: body.title,
          points: body.points,
          answer_key: body.answer_key,
        });
      } else if (question) await updateQuestion(question.id, body);
      else await createQuestion(evaluationId, body);
      await queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
      onDone();
    } catch (error) {
      const unplaced: string[] = [];
      const placed = applyServerErrors(
        error,
        (field, fieldError) => {
          const target = serverField(submitted.kind, String(field));
          if (target) form.setError(target as 'prompt', fieldError);
          else if (fieldError.message) unplaced.push(fieldError.message);
        },
        ['prompt', 'points', 'title', 'format', 'choices', 'options', 'answer_key'],
      );
      if (!placed) setFailure(errorMessage(error));
      else if (unplaced.length > 0) setFailure(unplaced.join(' '));
    }
  });
  const errors = form.formState.errors;
  const description = kind === 'description';

  return (
    <form className="exam-editor" onSubmit={submit} noValidate>
      {failure && <Notice kind="error">{failure}</Notice>}
      {fixed && <Notice kind="info">{t('exams.editor.keyOnlyHint')}</Notice>}
      <div className="exam-editor__layout">
        <div className="exam-editor__fields">
          <div className="exam-editor__meta">
            <SelectField
              label={t('exams.editor.kind')}
              disabled={keyOnly}
              {...form.register('kind')}
            >
              {QUESTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {t(`exams.kinds.${value}`)}
                </option>
              ))}
            </SelectField>
            {!description && (
              <TextField
                label={t('exams.editor.points')}
                type="number"
                min={0.5}
                max={1000}
                step={0.5}
                inputMode="decimal"
                error={errors.points}
                {...form.register('points')}
              />
            )}
          </div>
          <TextField
            label={t('exams.editor.title')}
            hint={t('exams.editor.titleHint')}
            maxLength={255}
            error={errors.title}
            {...form.register('title')}
          />
          <TextAreaField
            label={t('exams.editor.prompt')}
            hint={description ? t('exams.editor.descriptionHint') : undefined}
            rows={4}
            maxLength={20_000}
            error={errors.prompt}
            readOnly={keyOnly}
            {...form.register('prompt')}
          />
          <SelectField
            label={t('exams.editor.format')}
            hint={values.format === 'html' ? t('exams.editor.formatHint') : undefined}
            error={errors.format}
            disabled={keyOnly}
            {...form.register('format')}
          >
            {PROMPT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {t(`exams.editor.formats.${value}`)}
              </option>
            ))}
          </SelectField>
          {extra}
          {isChoiceKind(kind) && (
            <ChoiceRows form={form} kind={kind as 'single' | 'multiple'} fixed={keyOnly} />
          )}
          {kind === 'short' && <AcceptedRows form={form} />}
          {kind === 'numerical' && <NumberRows form={form} />}
          {kind === 'matching' && <MatchingRows form={form} fixedOptions={fixed?.options} />}
          {!description && (
            <TextAreaField
              label={t('exams.editor.general')}
              hint={t('exams.editor.generalHint')}
              rows={2}
              maxLength={5000}
              error={errors.general}
              {...form.register('general')}
            />
          )}
        </div>
        <section
          className="exam-editor__preview"
          aria-labelledby={previewId}
          // Enter in the preview's fields tries the question; it never saves it.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
              event.preventDefault();
            }
          }}
        >
          <h3 id={previewId} className="exam-editor__preview-title">
            {t('exams.editor.preview')}
          </h3>
          <div className="card exam-question">
            {blank(values.prompt) && (
              <p className="field__hint">{t('exams.editor.previewEmpty')}</p>
            )}
            <LivePreview key={kind} question={previewQuestion(values)} />
          </div>
        </section>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          {t('exams.staff.save')}
        </button>
      </div>
    </form>
  );
}
