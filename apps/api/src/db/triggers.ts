/**
 * Every trigger of the schema, table by table: what a write to these tables does besides itself.
 * The migrations create them (hand-written parts of 0008, 0012, 0014 and 0015); `triggers.test.ts`
 * reads them back from the database and fails on any difference, so a new table that a cached
 * answer reads, or a new trigger, is listed here or the suite is red.
 */
type Event = 'insert' | 'update' | 'delete' | 'truncate';

interface Trigger {
  /** The database function the triggers run. */
  function: string;
  /** What it is for, and who reads what it maintains. */
  purpose: string;
  tables: Readonly<Record<string, readonly Event[]>>;
}

const ALL: readonly Event[] = ['insert', 'update', 'delete', 'truncate'];
const ROWS: readonly Event[] = ['insert', 'update', 'delete'];

export const TRIGGERS: readonly Trigger[] = [
  {
    function: 'grade_changes_append_only',
    purpose: "A grade's history is never rewritten (decision 42): an update or a delete fails.",
    tables: { grade_changes: ['update', 'delete'] },
  },
  {
    function: 'audit_log_append_only',
    purpose:
      'The audit log is append-only (decision 132); only the retention job removes old rows.',
    tables: { audit_log: ['update', 'delete'] },
  },
  {
    function: 'attendance_signatures_append_only',
    purpose:
      'A signature on an attendance sheet is never changed nor removed (issue 32): a correction is a new row.',
    tables: { attendance_signatures: ['update', 'delete'] },
  },
  {
    function: 'bump_catalogue_version',
    purpose:
      "Bumps cache_versions 'catalogue' (decision 162): the public catalogue's cached answer (http/cached-answer.ts) is rebuilt after any write to what it reads.",
    tables: {
      trainings: ALL,
      institutions: ALL,
      modules: ALL,
      training_modules: ALL,
    },
  },
  {
    function: 'transcripts_changed',
    purpose:
      "Bumps cache_versions 'transcripts:<institution>' (decision 168) when a write changes what a transcript shows: the institution, a promotion's program, its students, a student's name, the trainings, subjects and evaluations, a published result.",
    tables: {
      institutions: ['update', 'delete'],
      programs: ['update'],
      promotions: ROWS,
      promotion_students: ['insert', 'delete'],
      users: ['update'],
      trainings: ROWS,
      subjects: ROWS,
      evaluations: ROWS,
      results: ROWS,
    },
  },
  {
    function: 'transcripts_truncated',
    purpose: 'A truncated table a transcript reads makes every transcript version stale.',
    tables: Object.fromEntries(
      [
        'institutions',
        'programs',
        'promotions',
        'promotion_students',
        'users',
        'trainings',
        'subjects',
        'evaluations',
        'results',
      ].map((table) => [table, ['truncate'] as const]),
    ),
  },
];
