import type { BankQuestion, Question } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEvaluationSubject } from '../../../api/evaluations.ts';
import {
  archiveBankQuestion,
  bankExportUrl,
  createBankQuestion,
  updateBankQuestion,
  useBankQuestions,
  useBankVersions,
} from '../../../api/question-bank.ts';
import type { PerPage } from '../../../lib/list-state.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DialogButton } from '../../../ui/form-dialog.tsx';
import { ListPager } from '../../../ui/list-pager.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { toastError } from '../../../ui/toast-error.ts';
import { QuestionEditor } from './question-editor.tsx';
import { QuestionImport } from './question-import.tsx';
import { QuestionPreview, questionLabel } from './test-page.tsx';
import './exam.css';

/** A bank question as the exam's components read a question (it belongs to no exam). */
export const asExamQuestion = (question: BankQuestion): Question => ({
  ...question,
  evaluation_id: 0,
  position: 0,
  bank_question_id: question.id,
  draw_id: null,
});

/** A bank question's category and tags, beside the question's own fields in the editor. */
function BankFields({
  category,
  tags,
  onChange,
}: {
  category: string;
  tags: string;
  onChange: (next: { category?: string; tags?: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="exam-editor__meta">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-category`}>
          {t('exams.bank.category')}
        </label>
        <input
          id={`${id}-category`}
          className="field__input"
          value={category}
          maxLength={200}
          aria-describedby={`${id}-category-hint`}
          onChange={(event) => onChange({ category: event.target.value })}
        />
        <p id={`${id}-category-hint`} className="field__hint">
          {t('exams.bank.categoryHint')}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-tags`}>
          {t('exams.bank.tags')}
        </label>
        <input
          id={`${id}-tags`}
          className="field__input"
          value={tags}
          aria-describedby={`${id}-tags-hint`}
          onChange={(event) => onChange({ tags: event.target.value })}
        />
        <p id={`${id}-tags-hint`} className="field__hint">
          {t('exams.bank.tagsHint')}
        </p>
      </div>
    </div>
  );
}

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** The editor of a bank question: the exam's editor, with the bank's category and tags. */
function BankEditor({
  subjectId,
  question,
  onDone,
}: {
  subjectId: number;
  question?: BankQuestion;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [meta, setMeta] = useState({
    category: question?.category ?? '',
    tags: question?.tags.join(', ') ?? '',
  });
  return (
    <QuestionEditor
      evaluationId={0}
      question={question && asExamQuestion(question)}
      extra={
        <BankFields
          category={meta.category}
          tags={meta.tags}
          onChange={(next) => setMeta((current) => ({ ...current, ...next }))}
        />
      }
      save={async (body) => {
        const full = { ...body, category: meta.category, tags: tagsOf(meta.tags) };
        if (question) await updateBankQuestion(question.id, full);
        else await createBankQuestion(subjectId, full);
        await queryClient.invalidateQueries({ queryKey: ['bank', subjectId] });
      }}
      onDone={onDone}
    />
  );
}

/** Every version of a question, the newest first, each as the student would read it. */
function Versions({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { data, error } = useBankVersions(id);
  if (error) return <Notice kind="error">{error.message}</Notice>;
  return (
    <ol className="exam-list">
      {data?.data.map((version) => (
        <li key={version.id} className="card">
          <p className="exam-question__points">
            {t('exams.bank.version', { version: version.version })} ·{' '}
            {new Date(version.updated_at).toLocaleDateString(i18n.language)}
            {version.replaced_at === null && ` · ${t('exams.bank.current')}`}
          </p>
          <QuestionPreview question={asExamQuestion(version)} number={null} />
        </li>
      ))}
    </ol>
  );
}

function BankRow({ subjectId, question }: { subjectId: number; question: BankQuestion }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const archive = async () => {
    try {
      await archiveBankQuestion(question.id);
      await queryClient.invalidateQueries({ queryKey: ['bank', subjectId] });
    } catch (failure) {
      toastError(failure);
    }
  };
  return (
    <li className="card">
      <p className="exam-question__points">
        {[
          question.category || t('exams.bank.noCategory'),
          question.version > 1 && t('exams.bank.version', { version: question.version }),
          question.used_in > 0 && t('exams.bank.usedIn', { count: question.used_in }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {question.tags.length > 0 && (
        <p className="bank-tags">
          <span className="sr-only">{t('exams.bank.tags')}</span>
          {question.tags.map((tag) => (
            <span key={tag} className="badge">
              {tag}
            </span>
          ))}
        </p>
      )}
      <QuestionPreview question={asExamQuestion(question)} number={null} />
      {question.taken && <p className="field__hint">{t('exams.bank.takenHint')}</p>}
      <div className="exam-panel__actions">
        <DialogButton label={t('exams.staff.edit')} wide>
          {(close) => <BankEditor subjectId={subjectId} question={question} onDone={close} />}
        </DialogButton>
        {question.version > 1 && (
          <DialogButton label={t('exams.bank.versions')} wide>
            {() => <Versions id={question.id} />}
          </DialogButton>
        )}
        <ConfirmDialog
          kind="archive"
          subject={questionLabel(asExamQuestion(question))}
          trigger={
            <button type="button" className="button button--ghost">
              {t('exams.bank.archive')}
            </button>
          }
          onConfirm={() => archive()}
        />
      </div>
    </li>
  );
}

export interface BankSearchValues {
  q: string;
  category: string;
  tag?: string;
}

/** The bank's search: words, a category with its count, and (when given) a tag. */
export function BankSearch({
  filters,
  categories,
  tags,
  onChange,
}: {
  filters: BankSearchValues;
  categories: ReadonlyArray<{ name: string; count: number }>;
  tags?: readonly string[];
  onChange: (change: Partial<BankSearchValues>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="bank-filters">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-q`}>
          {t('table.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="field__input"
          value={filters.q}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-category`}>
          {t('exams.bank.category')}
        </label>
        <select
          id={`${id}-category`}
          className="field__input"
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value })}
        >
          <option value="">{t('exams.bank.allCategories')}</option>
          {categories.map((category) => (
            <option key={category.name} value={category.name}>
              {`${category.name || t('exams.bank.noCategory')} (${category.count})`}
            </option>
          ))}
        </select>
      </div>
      {tags && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-tag`}>
            {t('exams.bank.tag')}
          </label>
          <select
            id={`${id}-tag`}
            className="field__input"
            value={filters.tag ?? ''}
            onChange={(event) => onChange({ tag: event.target.value })}
          >
            <option value="">{t('exams.bank.allTags')}</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

/**
 * A subject's question bank (decision 191): its questions by category, searched by words, category
 * and tag; each one edited (a new version once a student met it), its versions shown, archived; a
 * GIFT or Moodle XML file imported into it with its categories. Exams take their questions from it.
 */
export function QuestionBankPage() {
  const { t } = useTranslation();
  const subjectId = Number(useParams().subjectId) || 0;
  const subject = useEvaluationSubject(subjectId);
  const [filters, setFilters] = useState({
    q: '',
    category: '',
    tag: '',
    page: 1,
    per_page: 25 as PerPage,
  });
  const { data, error } = useBankQuestions(subjectId, filters);
  const title = subject.data
    ? t('exams.bank.titleOf', { subject: subject.data.name })
    : t('exams.bank.title');
  usePageTitle(title);
  const filter = (change: Partial<typeof filters>) =>
    setFilters((current) => ({ ...current, page: 1, ...change }));
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('exams.title')}
        title={title}
        back={{ to: '/evaluations', label: t('exams.bank.back') }}
        actions={
          <>
            <DialogButton label={t('exams.bank.add')} primary wide>
              {(close) => <BankEditor subjectId={subjectId} onDone={close} />}
            </DialogButton>
            <DialogButton label={t('exams.import.importQuestions')} wide>
              {(close) => (
                <QuestionImport evaluationId={0} bankSubjectId={subjectId} onDone={close} />
              )}
            </DialogButton>
            {data && data.meta.total > 0 && (
              <>
                <a
                  href={bankExportUrl(subjectId, 'gift', filters.category)}
                  download
                  className="button button--ghost"
                >
                  {t('exams.import.exportGift')}
                </a>
                <a
                  href={bankExportUrl(subjectId, 'moodle_xml', filters.category)}
                  download
                  className="button button--ghost"
                >
                  {t('exams.import.exportXml')}
                </a>
              </>
            )}
          </>
        }
      />
      <p>{t('exams.bank.intro')}</p>
      {(error ?? subject.error) && (
        <Notice kind="error">{(error ?? subject.error)!.message}</Notice>
      )}
      <BankSearch
        filters={filters}
        categories={data?.categories ?? []}
        tags={data?.tags}
        onChange={filter}
      />
      {data && data.data.length === 0 && <p role="status">{t('exams.bank.empty')}</p>}
      <ol className="exam-list" aria-label={title}>
        {data?.data.map((question) => (
          <BankRow key={question.id} subjectId={subjectId} question={question} />
        ))}
      </ol>
      {data && data.meta.total > 0 && (
        <ListPager
          state={filters}
          total={data.meta.total}
          shown={data.data.length}
          onStateChange={(change) =>
            setFilters((current) => ({
              ...current,
              ...(change.page ? { page: change.page } : {}),
              ...(change.per_page ? { per_page: change.per_page, page: 1 } : {}),
            }))
          }
        />
      )}
    </div>
  );
}
