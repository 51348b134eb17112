import { studentBody } from '@skolar/shared';
import { peopleRoutes } from './people.routes.ts';
import * as people from './people.service.ts';

export const studentRoutes = peopleRoutes({
  kind: 'student',
  body: studentBody,
  summaries: {
    list: 'List the students of the institution (admin, super-teacher)',
    create: 'Create a student and send the invitation (admin)',
    read: 'One student with their promotions and groups (admin, super-teacher)',
    update: 'Edit a student (admin, after a step-up: X-Confirm-Token)',
    archive: 'a student (admin)',
  },
  relation: {
    path: 'groups',
    summaries: {
      read: "A student's groups and the other groups of their promotions (super-admin, admin)",
      assign: 'Add the student to groups of their promotions (super-admin, admin)',
      dissociate: 'Remove the student from a group (super-admin, admin)',
    },
    read: people.studentGroupsOf,
    assign: people.assignStudentGroups,
    dissociate: people.dissociateStudentGroup,
  },
});
