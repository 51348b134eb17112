import type { PagePath } from './access.ts';
import type { Action, Entity } from './grants.ts';

/** What a screen does with a kind of row: `entity:action`, as GRANTS names them. */
export type Need = `${Entity}:${Action}`;
/**
 * A screen's call (`entity:action`), or with `?` an action it offers on rows only where the row's
 * `can` flags allow it (a role without the grant sees no button).
 */
export type ScreenNeed = Need | `${Need}?`;

const rowActions = (entity: Entity): ScreenNeed[] => [
  `${entity}:list`,
  `${entity}:update?`,
  `${entity}:archive?`,
  `${entity}:delete?`,
];

/**
 * The grants each screen of the route table needs for the calls behind it (its reads, its form,
 * the actions of its rows). Public and own-account screens need none. `grants.test.ts` checks that
 * every role that may open a screen has its needs, and that no role has a grant no screen of
 * theirs needs (beside the few the API grants for its own reasons, listed there).
 */
export const SCREEN_NEEDS: Readonly<Partial<Record<PagePath, readonly ScreenNeed[]>>> = {
  '/quizz': ['evaluation:list'],
  // A student takes the test (an attempt); staff preview its questions with their key.
  '/test/:id': ['evaluation:read', 'question:list?', 'attempt:create?', 'attempt:update?'],

  // Super-admin: institutions, accounts, the catalogue of programs and modules.
  '/institutions': rowActions('institution'),
  '/institutions/add': ['institution:create'],
  '/institutions/:id': ['institution:read', 'institution:assign'],
  '/institutions/edit/:id/:token': ['institution:read', 'institution:update'],
  '/institution-program/:id': ['institution:read', 'program:assign'],
  '/users': rowActions('user'),
  '/users/add': ['user:create'],
  '/users/:id': ['user:read'],
  '/users/edit/:id/:token': ['user:read', 'user:update'],
  '/programs/add': ['program:create'],
  '/programs/edit/:id/:token': ['program:read', 'program:update'],
  '/modules/add': ['module:create'],
  '/modules/edit/:moduleId': ['module:read', 'module:update'],
  '/trainings': ['training:list'],

  // Admin: the institution's modules, promotions, trainings, people and groups.
  '/institution-module/:id': ['institution:read', 'institution:assign'],
  '/:id/promotions/add': ['promotion:create'],
  '/:id/promotions/edit/:promotionId': ['promotion:read', 'promotion:update'],
  '/:id/promotion-student/:promotionId': ['promotion:assign', 'student:list'],
  '/:id/promotion-teacher/:promotionId': ['promotion:assign', 'teacher:list'],
  '/:id/:promotionId/trainings/add': ['training:create'],
  '/:id/:promotionId/trainings/edit/:trainingId': ['training:read', 'training:update'],
  '/students': [...rowActions('student'), 'import:create', 'import:list'],
  '/students/add': ['student:create'],
  '/students/edit/:id/:token': ['student:read', 'student:update'],
  '/teachers': [...rowActions('teacher'), 'import:create', 'import:list'],
  '/teachers/add': ['teacher:create'],
  '/teachers/:id': ['teacher:read'],
  '/teachers/edit/:id/:token': ['teacher:read', 'teacher:update'],
  '/teacher-subject/:id': ['teacher:assign', 'subject:list'],
  '/groups/add': ['group:create'],

  // Admin and super-teacher (and the super-admin's programs and modules).
  '/programs': rowActions('program'),
  '/programs/:id': ['program:read'],
  '/:id/promotions/:promotionId': ['promotion:read', 'training:list', ...rowActions('group')],
  '/:id?/promotions': rowActions('promotion'),
  '/:id/:promotionId/trainings/:trainingId': [
    'training:read',
    'training:archive?',
    'training:delete?',
  ],
  '/:id/:promotionId/training-subject/:trainingId': ['training:assign', 'module:list'],
  '/students/:id': ['student:read'],
  '/:promotionId/group-student/:groupId': ['group:assign', 'student:list'],
  '/modules': rowActions('module'),
  '/modules/:moduleId': ['module:read'],
  '/:promotionId/student-group/:id': ['student:assign', 'group:list', 'group:assign'],
  '/module-subject/:moduleId': ['module:read', 'module:assign', 'subject:list'],

  // Content (teachers and up).
  '/:id/:promotionId/seminars/add': ['seminar:create'],
  '/:moduleId?/subjects/add': ['subject:create', 'institution:list?'],
  '/groups': [...rowActions('group'), 'group:read', 'promotion:list'],
  '/:promotionId/groups/:groupId': ['group:read', 'promotion:read', 'subject:list'],
  '/subjects': ['subject:list', 'subject:archive?', 'subject:delete?'],
  '/:id/:promotionId/seminar-episode/:seminarId': ['seminar:assign', 'episode:list'],
  '/seminars': ['seminar:list', 'seminar:archive?', 'seminar:delete?'],
  '/:id/:promotionId/seminars/:seminarId': ['seminar:read', 'episode:list'],
  '/edit/:seminarId': ['seminar:update'],
  '/:id/:seminarId/episodes/add': ['episode:create'],
  '/:id/:seminarId/episodes/:episodeId': ['episode:read', 'episode:delete'],
  '/:id/:seminarId/episodes/edit/:episodeId': ['episode:update'],
  '/subjects/edit/:subjectId': ['subject:update'],
  '/subjects/:subjectId': [
    'subject:read',
    'lesson:list',
    'subject:update?',
    'subject:archive?',
    'subject:delete?',
    'subject:assign?',
    'teacher:assign?',
  ],
  '/lesson-subject/:subjectId': ['subject:assign', 'lesson:list'],
  '/:moduleId/:subjectId/lessons/add': ['lesson:create'],
  '/:moduleId/:subjectId/lessons/:lessonId': [
    'lesson:read',
    'lesson:delete',
    'lesson:archive',
    'chapter:list',
    'chapter:update',
  ],
  '/:moduleId/:subjectId/lessons/edit/:lessonId': ['lesson:update'],
  '/:moduleId/:subjectId/:lessonId/chapters/add': ['chapter:create'],
  '/:moduleId/:subjectId/:lessonId/chapters/:chapterId': [
    'chapter:read',
    'chapter:delete',
    'chapter:archive',
  ],
  '/:moduleId/:subjectId/:lessonId/chapters/edit/:chapterId': ['chapter:update'],
  '/evaluations': ['evaluation:list', 'evaluation:archive?', 'evaluation:delete?'],
  '/:subjectId/evaluations/add': ['evaluation:create', 'training:list'],
  '/:subjectId/evaluations/:evaluationId': [
    'evaluation:read',
    'training:read',
    'result:list',
    ...rowActions('question'),
    'question:read',
    'question:create',
    'bank_question:list?',
    'attempt:list',
    'attempt:read',
    'evaluation:assign',
    'submission:list',
    'submission:read',
  ],
  '/:subjectId/evaluations/edit/:evaluationId': ['evaluation:update'],
  '/:id/results/add': ['result:create'],
  '/results/edit/:resultId': ['result:update', 'result:delete', 'grade_change:list'],
  '/results/:resultId': ['result:read', 'grade_change:list'],

  // The student's space.
  '/student/seminars': ['seminar:list'],
  '/student/seminars/:id': ['seminar:read', 'episode:list'],
  '/student/trainings': ['training:list', 'progress:list'],
  '/student/trainings/:id': ['training:read', 'subject:list', 'lesson:list', 'progress:read'],
  '/student/lessons/:id': ['lesson:read', 'chapter:list', 'progress:read'],
  '/student/chapters/:id': ['chapter:read', 'subject:read', 'progress:read', 'progress:update'],
  '/:id/episodes/:episodeId': ['episode:read'],
  '/event-activity/:id': ['training:read', 'progress:read'],
  // The course page of a training: `episodeId` is one of its lessons (docs/decisions.md).
  '/event-activity/:id/:episodeId': ['lesson:read', 'chapter:list', 'progress:read'],
  '/event-activity/:id/:episodeId/:chapterId': ['chapter:read', 'progress:read', 'progress:update'],
  '/list-evaluations': ['evaluation:list'],
  '/evaluation-details/:id': [
    'evaluation:read',
    'attempt:read',
    'attempt:create',
    'submission:read',
    'submission:create',
  ],
  '/start-evaluation/:id/:token': ['evaluation:read', 'attempt:read', 'attempt:update'],
  '/event-presentation/:id': ['training:read', 'progress:read'],
  '/event-evaluations/:id': ['evaluation:list', 'progress:read'],
  '/event-resources/:id': ['chapter:list', 'progress:read'],
  '/event-results/:id': ['record:read', 'progress:read'],
  '/student-planning': [
    'event:list',
    'calendar_feed:read',
    'calendar_feed:create',
    'calendar_feed:delete',
  ],
  '/results': ['record:read', 'result:read'],
  '/transcript': ['record:read'],
  // Pages outside the spec's table: the audit log (decision 133), a subject's question bank
  // (decision 191).
  '/audit': ['audit:list'],
  '/question-bank/:subjectId': [
    'subject:read',
    'bank_question:list',
    'bank_question:read',
    'bank_question:create',
    'bank_question:update',
    'bank_question:archive',
  ],
  '/attendance': [
    'attendance:list',
    'attendance:create',
    'attendance:delete?',
    'justification:list?',
    'justification:read?',
    'justification:update?',
  ],
  '/attendance/:sessionId': ['attendance:read', 'attendance:update?', 'attendance:delete?'],
  // The notification centre (decision 200): the bell's panel opens from every signed-in page.
  '/notifications': ['notification:list', 'notification:read', 'notification:update'],
  '/announcements': [
    'announcement:list',
    'announcement:read',
    'announcement:create?',
    'announcement:update?',
    'announcement:delete?',
  ],
  '/discussions': [
    'discussion:list',
    'discussion:create',
    'discussion:read',
    'discussion_report:list?',
  ],
  '/discussions/:threadId': [
    'discussion:read',
    'discussion:update?',
    'discussion:delete?',
    'discussion_post:list',
    'discussion_post:create',
    'discussion_post:update',
    'discussion_post:delete',
    'discussion_report:create?',
    'discussion_report:list?',
    'discussion_report:delete?',
  ],
  '/messages': ['conversation:list', 'conversation:create', 'block:list', 'block:delete'],
  '/messages/:conversationId': ['conversation:read', 'message:create', 'block:create'],
  '/check-in': [
    'presence:create',
    'presence:list',
    'justification:list',
    'justification:read',
    'justification:create',
  ],
  '/marking/:evaluationId': [
    'evaluation:read',
    'evaluation:update',
    'evaluation:assign',
    'result:list',
    'result:update',
    'grade_change:list',
    'submission:list',
    'submission:read',
    'rubric:list',
    'rubric:create',
    'rubric:archive',
  ],

  // Everyone signed in keeps a calendar.
  '/calendar': [
    'event:list',
    'event:read',
    'event:create',
    'event:update',
    'event:delete',
    'event:assign?',
    'calendar_feed:read',
    'calendar_feed:create',
    'calendar_feed:delete',
  ],
};
