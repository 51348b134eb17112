export { MyResultsPage } from './my-results-page.tsx';
export { ResultsList } from './results-list.tsx';
