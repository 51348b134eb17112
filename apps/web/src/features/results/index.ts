// The results feature: the staff's grade grid of an evaluation, one result and its history.
export { GradeGridPage } from './grade-grid-page.tsx';
export { ResultEditPage, ResultPage } from './result-pages.tsx';
