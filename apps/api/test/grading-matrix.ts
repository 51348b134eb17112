/**
 * The reviewed table of who writes and grades an evaluation (decision 175; grading-matrix.test.ts):
 * each route of evaluations, quizzes, attempts, hand-ins and grades on one institution's rows, by
 * - A: the institution's admin,
 * - ST+: a super-teacher assigned to the evaluation's promotion (not teaching its subject),
 * - ST: a super-teacher of the institution not assigned to it,
 * - T: the teacher of the evaluation's subject (assigned to the promotion),
 * - T~: a teacher assigned to the promotion who teaches another subject,
 * - S: a student of the promotion.
 * Those who mark it (A, ST+, T) write, grade and read the drafts; ST and T~ read the evaluation and
 * its published grades only. Other institutions and guests: authz-matrix.ts.
 */
export const GRADING_COLUMNS = ['A', 'ST+', 'ST', 'T', 'T~', 'S'] as const;

// biome-ignore format: one aligned row per route is the reviewed table
export const GRADING_MATRIX: Record<string, string> = {
//                                                       A   ST+ ST  T   T~  S
  'POST /api/evaluations/:id/attempts':                 '403 403 403 403 403 201',
  'GET /api/evaluations/:id/attempts':                  '200 200 404 200 404 403',
  'PUT /api/evaluations/:id/accommodations/:studentId': '200 200 404 200 404 403',
  'GET /api/evaluations/:id/questions':                 '200 200 404 200 404 403',
  'GET /api/evaluations/:id/statistics':                '200 200 404 200 404 403',
  'GET /api/evaluations/:id/questions/export':          '200 200 404 200 404 403',
  'POST /api/evaluations/:id/questions/try':            '200 200 404 200 404 403',
  'POST /api/evaluations/:id/questions':                '201 201 404 201 404 403',
  'POST /api/evaluations/:id/questions/import/preview': '200 200 404 200 404 403',
  'POST /api/evaluations/:id/questions/import':         '200 200 404 200 404 403',
  'GET /api/attempts/:id':                              '200 200 404 200 404 200',
  'PUT /api/attempts/:id/answers':                      '403 403 403 403 403 200',
  'POST /api/attempts/:id/finish':                      '403 403 403 403 403 200',
  'PATCH /api/questions/:id':                           '200 200 404 200 404 403',
  'DELETE /api/questions/:id':                          '204 204 404 204 404 403',
  'POST /api/evaluations/:id/submissions':              '403 403 403 403 403 201',
  'GET /api/evaluations/:id/submissions':               '200 200 404 200 404 403',
  'GET /api/evaluations/:id/submissions.zip':           '200 200 404 200 404 403',
  'GET /api/evaluations/:id/submissions/:studentId':    '200 200 404 200 404 200',
  'GET /api/evaluations':                               '200 200 200 200 200 200',
  'POST /api/evaluations':                              '201 201 404 201 404 403',
  'GET /api/evaluations/:id':                           '200 200 200 200 200 200',
  'PATCH /api/evaluations/:id':                         '200 200 404 200 404 403',
  'DELETE /api/evaluations/:id':                        '204 204 404 204 404 403',
  'POST /api/evaluations/:id/archive':                  '200 200 404 200 404 403',
  'POST /api/evaluations/:id/unarchive':                '200 200 404 200 404 403',
  'POST /api/evaluations/:id/document':                 '200 200 404 200 404 403',
  'DELETE /api/evaluations/:id/document':               '200 200 404 200 404 403',
  'POST /api/evaluations/:id/correction':               '200 200 404 200 404 403',
  'DELETE /api/evaluations/:id/correction':             '200 200 404 200 404 403',
  'GET /api/evaluations/:id/results':                   '200 200 404 200 404 403',
  'PUT /api/evaluations/:id/results':                   '200 200 404 200 404 403',
  'POST /api/evaluations/:id/publish':                  '200 200 404 200 404 403',
  'PUT /api/attempts/:id/marks':                        '200 200 404 200 404 403',
  'GET /api/results':                                   '200 200 200 200 200 403',
  'GET /api/results/:id':                               '200 200 200 200 200 200',
  'PATCH /api/results/:id':                             '200 200 404 200 404 403',
  'DELETE /api/results/:id':                            '204 204 404 204 404 403',
  'GET /api/results/:id/history':                       '200 200 404 200 404 403',
  'GET /api/subjects/:id/evaluation-budget':            '200 200 404 200 404 403',
  'GET /api/me/transcript':                             '403 403 403 403 403 200',
  'GET /api/me/transcript.pdf':                         '403 403 403 403 403 200',
  'GET /api/students/:id/transcript':                   '200 200 200 200 200 403',
  'GET /api/students/:id/transcript.pdf':               '200 200 200 200 200 403',
  'GET /api/me/results':                                '403 403 403 403 403 200',
  'GET /api/promotions/:id/gradebook':                  '200 200 200 200 200 403',
  'GET /api/promotions/:id/gradebook.csv':              '200 200 200 200 200 403',
  'POST /api/promotions/:id/gradebook/dry-run':         '200 200 200 200 200 403',
  'POST /api/promotions/:id/gradebook':                 '200 200 200 200 200 403',
};
