import { roleMay } from '@skolar/shared';
import { useParams } from 'react-router';
import { useSession } from '../api/session.ts';
import { LearnerAttendance } from '../features/attendance/index.ts';
import { StudentDetailPage } from '../features/students/pages.tsx';
import { StudentTranscript } from '../features/transcript/index.ts';

/**
 * `/students/:id`: the student's page, with the transcript they are told below it and, for the
 * staff who take attendance (the `attendance` list grant), their attendance over a period.
 */
export function StudentDetailWithTranscriptPage() {
  const id = Number(useParams().id) || 0;
  const role = useSession().user?.role;
  return (
    <StudentDetailPage>
      <StudentTranscript studentId={id} />
      {role && roleMay(role, 'list', 'attendance') && <LearnerAttendance studentId={id} />}
    </StudentDetailPage>
  );
}
