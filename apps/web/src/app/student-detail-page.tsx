import { useParams } from 'react-router';
import { StudentDetailPage } from '../features/students/pages.tsx';
import { StudentTranscript } from '../features/transcript/index.ts';

/** `/students/:id`: the student's page, with the transcript they are told below it. */
export function StudentDetailWithTranscriptPage() {
  const id = Number(useParams().id) || 0;
  return (
    <StudentDetailPage>
      <StudentTranscript studentId={id} />
    </StudentDetailPage>
  );
}
