export { StudentTranscript } from './student-transcript.tsx';
export { TranscriptPage } from './transcript-page.tsx';
export { VerifyFormPage, VerifyPage } from './verify-page.tsx';
