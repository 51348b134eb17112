import { teacherBody } from '@skolar/shared';
import { peopleRoutes } from '../students/people.routes.ts';
import * as people from '../students/people.service.ts';

export const teacherRoutes = peopleRoutes({
  kind: 'teacher',
  body: teacherBody,
  summaries: {
    list: 'List the teachers and teacher-administrators (admin)',
    create: 'Create a teacher and send the invitation (admin)',
    read: 'One teacher with their promotions and subjects (admin)',
    update: 'Edit a teacher (admin, after a step-up: X-Confirm-Token)',
    archive: 'a teacher (admin)',
  },
  relation: {
    path: 'subjects',
    summaries: {
      read: 'The subjects a teacher teaches and the other subjects of the institution (admin)',
      assign: 'Assign subjects to a teacher (admin)',
      dissociate: 'Dissociate a subject from a teacher (admin)',
    },
    read: people.teacherSubjectsOf,
    assign: people.assignTeacherSubjects,
    dissociate: people.dissociateTeacherSubject,
  },
});
