export { GradebookSection } from './gradebook-section.tsx';
