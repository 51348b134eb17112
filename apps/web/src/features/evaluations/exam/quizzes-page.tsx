import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyQuizzes, useStaffQuizzes } from '../../../api/exams.ts';
import { useSession } from '../../../api/session.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import './exam.css';
import { formatDay } from '../../../lib/format.ts';

/** `/quizz`: the online tests available to the user. */
export function QuizzesPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('exams.quizzes.title'));
  const student = useSession().user?.role === 'student';
  const mine = useMyQuizzes(student);
  const staff = useStaffQuizzes(!student);
  const source = student ? mine : staff;
  const rows = (student ? mine.data?.data : staff.data?.data) ?? [];
  const day = (value: string) => formatDay(value, i18n.language, { dateStyle: 'long' });
  return (
    <div className="container page">
      <PageHeader eyebrow={t('exams.title')} title={t('exams.quizzes.title')} />
      {source.error && <p className="notice notice--error">{source.error.message}</p>}
      {!source.data && !source.error && <p>{t('app.loading')}</p>}
      {source.data && rows.length === 0 && <p>{t('exams.quizzes.empty')}</p>}
      <ul className="exam-list">
        {rows.map((row) => (
          <li key={row.id} className="card">
            <h2>
              <Link to={`/test/${row.id}`}>{row.title}</Link>
            </h2>
            <p>
              {row.subject.name} · {day(row.date)}
              {row.start_time && row.end_time ? ` · ${row.start_time}–${row.end_time}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
