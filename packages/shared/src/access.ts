import { type Role, roleSuffix } from './roles.ts';

/** One row of the spec's route table (packages/shared/spec/routes.json). */
export interface RouteAccess<P extends string = string> {
  /** React Router syntax: `:param` and optional `:param?` segments. */
  path: P;
  name?: string;
  /** null: no access rule; otherwise only these roles may open the route. */
  roles: readonly Role[] | null;
  /** Signed-in users are sent to /dashboard. */
  guestOnly?: boolean;
  /** Query values the page reads. */
  query?: readonly string[];
}

const S: Role = 'student';
const T: Role = 'teacher';
const ST: Role = 'super-teacher';
const A: Role = 'admin';
const SA: Role = 'super-admin';

const SIGNED_IN = [S, T, ST, A, SA] as const;
const STAFF = [SA, A, ST, T] as const;

/** The whole route table, in the order of packages/shared/spec/routes.json (its paths typed one by one). */
const SPEC_TABLE = [
  // Guest and public pages
  { path: '/', name: 'Home', roles: null, guestOnly: true },
  { path: '/condition-utilisateur', name: 'Terms', roles: null },
  {
    path: '/login',
    name: 'Login',
    roles: null,
    guestOnly: true,
    query: ['message', 'error_message'],
  },
  { path: '/public-trainings', name: 'PublicTrainings', roles: null, guestOnly: true },
  { path: '/public-trainings/:id', name: 'PublicTrainingDetails', roles: null, guestOnly: true },
  { path: '/public-formations', name: 'PublicFormations', roles: null },
  { path: '/forgot-password', name: 'ForgotPassword', roles: null, query: ['email'] },
  { path: '/reset-password/:token', name: 'ResetPassword', roles: null },
  { path: '/verify-email/:token', name: 'VerifyEmail', roles: null, query: ['email'] },
  { path: '/verify-email-request', name: 'VerifyEmailRequest', roles: null, query: ['email'] },
  { path: '/contact', name: 'Contact', roles: null },
  { path: '/faq', name: 'Faq', roles: null },
  { path: '/calendar', name: 'Calendar', roles: null },

  // Signed in, any role
  { path: '/dashboard', roles: SIGNED_IN },
  { path: '/quizz', roles: SIGNED_IN },
  { path: '/test/:id', roles: SIGNED_IN },
  { path: '/support', roles: SIGNED_IN },
  { path: '/settings', roles: SIGNED_IN },
  { path: '/change-password', roles: SIGNED_IN },
  { path: '/profile-details', roles: SIGNED_IN },

  { path: '/edit-profile/:id/:token', roles: [SA, A, ST] },

  // Super-admin only
  { path: '/institutions', roles: [SA] },
  { path: '/institutions/add', roles: [SA] },
  { path: '/institutions/:id', roles: [SA] },
  { path: '/institutions/edit/:id/:token', roles: [SA] },
  { path: '/institution-program/:id', roles: [SA] },
  { path: '/users', roles: [SA] },
  { path: '/users/add', roles: [SA] },
  { path: '/users/:id', roles: [SA] },
  { path: '/users/edit/:id/:token', roles: [SA] },
  { path: '/programs/add', roles: [SA] },
  { path: '/programs/edit/:id/:token', roles: [SA] },
  { path: '/modules/add', roles: [SA] },
  { path: '/modules/edit/:moduleId', roles: [SA] },
  // The 'courses' link of the admin-suffix menu; the spec's table has no row for it.
  { path: '/trainings', roles: [SA] },

  // Admin only
  { path: '/institution-module/:id', roles: [A] },
  { path: '/:id/promotions/add', roles: [A] },
  { path: '/:id/promotions/edit/:promotionId', roles: [A] },
  { path: '/:id/promotion-student/:promotionId', roles: [A] },
  { path: '/:id/promotion-teacher/:promotionId', roles: [A] },
  { path: '/:id/:promotionId/trainings/add', roles: [A] },
  { path: '/:id/:promotionId/trainings/edit/:trainingId', roles: [A] },
  { path: '/students', roles: [A] },
  { path: '/students/add', roles: [A] },
  { path: '/students/edit/:id/:token', roles: [A] },
  { path: '/teachers', roles: [A] },
  { path: '/teachers/add', roles: [A] },
  { path: '/teachers/:id', roles: [A] },
  { path: '/teachers/edit/:id/:token', roles: [A] },
  { path: '/teacher-subject/:id', roles: [A] },
  { path: '/groups/add', roles: [A] },

  // Admin and super-teacher (the programs listing also allows super-admin)
  { path: '/programs', roles: [SA, A, ST] },
  { path: '/programs/:id', roles: [A, ST] },
  { path: '/:id/promotions/:promotionId', roles: [A, ST] },
  { path: '/:id?/promotions', roles: [A, ST] },
  { path: '/:id/:promotionId/trainings/:trainingId', roles: [A, ST] },
  { path: '/:id/:promotionId/training-subject/:trainingId', roles: [A, ST] },
  { path: '/students/:id', roles: [A, ST] },
  { path: '/:promotionId/group-student/:groupId', roles: [A, ST] },

  // Super-admin and admin
  { path: '/modules', roles: [SA, A] },
  { path: '/modules/:moduleId', roles: [SA, A] },
  { path: '/:promotionId/student-group/:id', roles: [SA, A] },

  // Super-admin, admin and super-teacher
  { path: '/module-subject/:moduleId', roles: [SA, A, ST] },
  { path: '/:id/:promotionId/seminars/add', roles: [SA, A, ST] },
  { path: '/:moduleId?/subjects/add', roles: [SA, A, ST] },

  { path: '/groups', roles: [ST, T] },
  { path: '/:promotionId/groups/:groupId', roles: [A, ST, T] },
  { path: '/subjects', roles: [A, ST, T] },

  { path: '/:id/:promotionId/seminar-episode/:seminarId', roles: [A, SA] },

  // Every staff role
  { path: '/seminars', roles: STAFF },
  { path: '/:id/:promotionId/seminars/:seminarId', roles: STAFF },
  { path: '/edit/:seminarId', roles: STAFF },
  { path: '/:id/:seminarId/episodes/add', roles: STAFF },
  { path: '/:id/:seminarId/episodes/:episodeId', roles: STAFF },
  { path: '/:id/:seminarId/episodes/edit/:episodeId', roles: STAFF },
  { path: '/subjects/edit/:subjectId', roles: STAFF },
  { path: '/subjects/:subjectId', roles: STAFF },
  { path: '/lesson-subject/:subjectId', roles: STAFF },
  { path: '/:moduleId/:subjectId/lessons/add', roles: STAFF },
  { path: '/:moduleId/:subjectId/lessons/:lessonId', roles: STAFF },
  { path: '/:moduleId/:subjectId/lessons/edit/:lessonId', roles: STAFF },
  { path: '/:moduleId/:subjectId/:lessonId/chapters/add', roles: STAFF },
  { path: '/:moduleId/:subjectId/:lessonId/chapters/:chapterId', roles: STAFF },
  { path: '/:moduleId/:subjectId/:lessonId/chapters/edit/:chapterId', roles: STAFF },
  { path: '/evaluations', roles: STAFF },
  { path: '/:subjectId/evaluations/add', roles: STAFF },
  { path: '/:subjectId/evaluations/:evaluationId', roles: STAFF },
  { path: '/:subjectId/evaluations/edit/:evaluationId', roles: STAFF },
  { path: '/:id/results/add', roles: STAFF },
  { path: '/results/edit/:resultId', roles: STAFF },
  { path: '/results/:resultId', roles: STAFF },

  // Student only
  { path: '/student/seminars', roles: [S] },
  { path: '/student/seminars/:id', roles: [S] },
  { path: '/student/trainings', roles: [S] },
  { path: '/student/trainings/:id', roles: [S] },
  { path: '/student/lessons/:id', roles: [S] },
  { path: '/student/chapters/:id', roles: [S], query: ['subjectId'] },
  { path: '/:id/episodes/:episodeId', roles: [S], query: ['eventType'] },
  { path: '/event-activity/:id/:episodeId', roles: [S] },
  { path: '/event-activity/:id/:episodeId/:chapterId', roles: [S] },
  { path: '/event-activity/:id', roles: [S] },
  { path: '/list-evaluations', roles: [S] },
  { path: '/evaluation-details/:id', roles: [S] },
  { path: '/start-evaluation/:id/:token', roles: [S] },
  { path: '/event-presentation/:id', roles: [S] },
  { path: '/event-evaluations/:id', roles: [S] },
  { path: '/event-resources/:id', roles: [S] },
  { path: '/event-results/:id', roles: [S] },
  { path: '/student-planning', roles: [S] },
  { path: '/results', roles: [S] },
  { path: '/transcript', roles: [S] },
] as const satisfies readonly RouteAccess[];

/**
 * Pages outside the spec's table (which stays exactly packages/shared/spec/routes.json): in
 * docs/decisions.md. `/verify` and `/verify/:code` let anyone check a printed transcript
 * (decision 59). `/setup/:token` creates the first super-admin of an empty database (decision 109).
 * `/audit` is the audit log: an admin's institution's rows, every row for the super-admin
 * (decision 133). `/question-bank/:subjectId` is a subject's question bank (decision 191).
 * `/attendance`, `/attendance/:sessionId` and `/check-in` take and give attendance (decision 198).
 * `/notifications` and `/unsubscribe/:token` are the notification centre and a mail's unsubscribe
 * link (decision 200). `/announcements` lists and posts announcements (decision 201).
 * `/discussions` and `/discussions/:threadId` are the subjects' discussions (decision 202).
 * `/messages` and `/messages/:conversationId` are one's conversations (decision 203).
 */
const OFF_SPEC_TABLE = [
  { path: '/verify', name: 'VerifyTranscriptForm', roles: null },
  { path: '/verify/:code', name: 'VerifyTranscript', roles: null },
  // The first-run setup link the server logs while no super-admin exists (decision 109).
  { path: '/setup/:token', name: 'FirstRunSetup', roles: null },
  { path: '/audit', name: 'AuditLog', roles: [SA, A] },
  // A subject's question bank: those who set its exams (decision 191).
  { path: '/question-bank/:subjectId', name: 'QuestionBank', roles: [SA, A, ST, T] },
  // A project's marking screen: those who mark it (issue 31, decision 193).
  { path: '/marking/:evaluationId', name: 'Marking', roles: [SA, A, ST, T] },
  // Attendance (issue 32, decision 198): the day's sessions, a session's roll call, and the
  // learner's check-in (the QR code leads there with its token in `t`).
  { path: '/attendance', name: 'Attendance', roles: [A, ST, T], query: ['day'] },
  { path: '/attendance/:sessionId', name: 'AttendanceSheet', roles: [A, ST, T] },
  { path: '/check-in', name: 'CheckIn', roles: [S], query: ['t'] },
  // The notification centre and its preferences (issue 33, decision 200), and the page a mail's
  // unsubscribe link opens, signed in or not.
  { path: '/notifications', name: 'Notifications', roles: SIGNED_IN },
  // Announcements (decision 201): staff post, learners read.
  { path: '/announcements', name: 'Announcements', roles: [A, ST, T, S] },
  // Discussions per subject (decision 202): the threads of the subjects one reads, and a thread.
  { path: '/discussions', name: 'Discussions', roles: [A, ST, T, S], query: ['subject', 'filter'] },
  { path: '/discussions/:threadId', name: 'Discussion', roles: [A, ST, T, S] },
  // Messages (decision 203): one's conversations, and one of them.
  { path: '/messages', name: 'Messages', roles: [A, ST, T, S], query: ['to'] },
  { path: '/messages/:conversationId', name: 'Conversation', roles: [A, ST, T, S] },
  { path: '/unsubscribe/:token', name: 'Unsubscribe', roles: null },
] as const satisfies readonly RouteAccess[];

/**
 * A page of the web app by its route pattern (`/modules/:moduleId`), derived from the one route
 * table: a table keyed by page (screens, their grants) takes these only, so a typo fails the
 * typecheck instead of showing the placeholder page.
 */
export type PagePath = (typeof SPEC_TABLE | typeof OFF_SPEC_TABLE)[number]['path'];

/** The whole route table, in the order of packages/shared/spec/routes.json. */
export const ROUTES: readonly RouteAccess<PagePath>[] = SPEC_TABLE;

/** The pages outside the spec's table (see above). */
export const OFF_SPEC_ROUTES: readonly RouteAccess<PagePath>[] = OFF_SPEC_TABLE;

/** Every route the web app serves: the spec's table, then the pages outside it. */
export const APP_ROUTES: readonly RouteAccess<PagePath>[] = [...ROUTES, ...OFF_SPEC_ROUTES];

/** A pattern with its `:params` filled in: `/:id?/promotions` → `/promotions` or `/${string}/promotions`. */
type Filled<P extends string> = P extends `/:${infer Name}/${infer Rest}`
  ? Name extends `${string}?`
    ? Filled<`/${Rest}`> | `/${string}${Filled<`/${Rest}`>}`
    : `/${string}${Filled<`/${Rest}`>}`
  : P extends `/:${infer Name}`
    ? Name extends `${string}?`
      ? '/' | `/${string}`
      : `/${string}`
    : P extends `/${infer Segment}/${infer Rest}`
      ? `/${Segment}${Filled<`/${Rest}`>}`
      : P;

/**
 * The address of a page of the table (`/modules/7`), with or without a query or fragment: what a
 * link or a menu entry leads to. A literal segment the table lacks fails the typecheck.
 */
export type PageHref = Filled<PagePath> | `${Filled<PagePath>}${'?' | '#'}${string}`;

/** What the guard does with a navigation. */
export type AccessDecision = 'ok' | 'redirect-home' | 'redirect-dashboard';

/** A route of ROUTES that matches a pathname, with the values of its parameters. */
export interface RouteMatch {
  route: RouteAccess;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Matches pattern segments against path segments; optional params may be skipped. */
function matchSegments(
  pattern: readonly string[],
  path: readonly string[],
  params: Record<string, string>,
): Record<string, string> | null {
  const [head, ...rest] = pattern;
  if (head === undefined) return path.length === 0 ? params : null;
  if (head.startsWith(':')) {
    const optional = head.endsWith('?');
    const name = head.slice(1, optional ? -1 : undefined);
    const [value, ...remaining] = path;
    if (value !== undefined) {
      const matched = matchSegments(rest, remaining, { ...params, [name]: value });
      if (matched) return matched;
    }
    return optional ? matchSegments(rest, path, params) : null;
  }
  return path[0] === head ? matchSegments(rest, path.slice(1), params) : null;
}

const staticCount = (route: RouteAccess) =>
  segments(route.path).filter((segment) => !segment.startsWith(':')).length;

/** Finds the route of ROUTES for a pathname; static segments beat parameters, then table order. */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = segments(pathname.split(/[?#]/)[0] ?? '').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  let best: (RouteMatch & { score: number }) | null = null;
  for (const route of APP_ROUTES) {
    const params = matchSegments(segments(route.path), path, {});
    if (!params) continue;
    const score = staticCount(route);
    if (!best || score > best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/**
 * The guard rule for one route row and the signed-in role (null when signed out): a role not in
 * the row's list (or a visitor) is sent to `/`, a signed-in user on a guest-only page to
 * `/dashboard`.
 */
export function routeAccess(route: RouteAccess, role: Role | null): AccessDecision {
  if (route.roles && (role === null || !route.roles.includes(role))) return 'redirect-home';
  if (route.guestOnly && role !== null) return 'redirect-dashboard';
  return 'ok';
}

/** True when the role may open the page of that address, or of that pattern of the route table. */
export function opens(role: Role | null, path: PagePath | PageHref): boolean {
  const match = matchRoute(path);
  return match !== null && routeAccess(match.route, role) === 'ok';
}

/** The guard rule for a pathname; a path outside the table is 'ok' (it shows the not-found page). */
export function canAccess(path: string, role: Role | null): AccessDecision {
  const match = matchRoute(path);
  return match ? routeAccess(match.route, role) : 'ok';
}

/** Where Home leads: the dashboard when signed in, else the public home. */
export function homePath(role: Role | null): '/dashboard' | '/' {
  return role === null ? '/' : '/dashboard';
}

/** The top bar's Calendar link is hidden for students only. */
export function showsCalendarLink(role: Role | null): boolean {
  return role !== 'student';
}

/** Keys of the role menu entries (translated by the web app). */
export type MenuKey =
  | 'trainings'
  | 'seminars'
  | 'evaluations'
  | 'promotions'
  | 'subjects'
  | 'groups'
  | 'institutions'
  | 'programs'
  | 'courses'
  | 'users'
  | 'students'
  | 'teachers'
  | 'modules'
  | 'audit'
  | 'attendance'
  | 'check-in'
  | 'announcements'
  | 'discussions'
  | 'messages';

/** One entry of a menu. */
export interface MenuItem<K extends string = MenuKey> {
  key: K;
  path: PageHref;
}

/** A role menu entry; a role sees it when it may open its page (the route table says who). */
export interface MenuRow extends MenuItem {
  /** Roles that open the page but whose menu does not show it. */
  except?: readonly Role[];
}

/** The role menus of 'Navigation chrome', chosen by role suffix. */
export const ROLE_MENUS: Readonly<Record<'student' | 'teacher' | 'admin', readonly MenuRow[]>> = {
  student: [
    { key: 'trainings', path: '/student/trainings' },
    { key: 'seminars', path: '/student/seminars' },
    { key: 'evaluations', path: '/list-evaluations' },
    // Off the spec's menu: checking in at a session (decision 198).
    { key: 'check-in', path: '/check-in' },
    // Off the spec's menu: the announcements aimed at them (decision 201).
    { key: 'announcements', path: '/announcements' },
    // Off the spec's menu: the discussions of their subjects (decision 202).
    { key: 'discussions', path: '/discussions' },
    { key: 'messages', path: '/messages' },
  ],
  teacher: [
    { key: 'promotions', path: '/promotions' },
    { key: 'subjects', path: '/subjects' },
    { key: 'groups', path: '/groups' },
    { key: 'evaluations', path: '/evaluations' },
    // Off the spec's menu: the day's sessions and their roll call (decision 198).
    { key: 'attendance', path: '/attendance' },
    // Off the spec's menu: posting to their promotions and groups (decision 201).
    { key: 'announcements', path: '/announcements' },
    { key: 'discussions', path: '/discussions' },
    { key: 'messages', path: '/messages' },
  ],
  admin: [
    { key: 'institutions', path: '/institutions' },
    { key: 'programs', path: '/programs' },
    // Off the spec's menu: the admin's promotions, trainings and groups open from here (decision 87).
    { key: 'promotions', path: '/promotions' },
    { key: 'courses', path: '/trainings' },
    { key: 'users', path: '/users' },
    { key: 'students', path: '/students' },
    { key: 'teachers', path: '/teachers' },
    { key: 'modules', path: '/modules' },
    // The super-admin reads every evaluation, but the spec's menu does not list them.
    { key: 'evaluations', path: '/evaluations', except: [SA] },
    { key: 'attendance', path: '/attendance' },
    { key: 'announcements', path: '/announcements' },
    { key: 'discussions', path: '/discussions' },
    { key: 'messages', path: '/messages' },
    { key: 'audit', path: '/audit' },
  ],
};

/**
 * The role menu (second bar) of a signed-in role: the entries of its suffix group whose page the
 * role may open (`opens`), so the menu never disagrees with the route table.
 */
export function menuFor(role: Role): MenuItem[] {
  return ROLE_MENUS[roleSuffix(role)]
    .filter((row) => opens(role, row.path) && !row.except?.includes(role))
    .map(({ key, path }) => ({ key, path }));
}

/** Keys of the user badge dropdown entries. */
export type UserMenuKey =
  | 'profile-details'
  | 'change-password'
  | 'my-results'
  | 'my-transcript'
  | 'settings'
  | 'support'
  | 'logout';

/** One entry of the user badge dropdown; logout has no path (it is an action). */
export interface UserMenuItem {
  key: UserMenuKey;
  path: PageHref | null;
}

/**
 * The user badge dropdown of a signed-in role: results and transcript for those who open them (the
 * students), and the support page (off the spec's list, which links it from nowhere: decision 89).
 */
export function userMenuFor(role: Role): UserMenuItem[] {
  const items: UserMenuItem[] = [
    { key: 'profile-details', path: '/profile-details' },
    { key: 'change-password', path: '/change-password' },
  ];
  if (opens(role, '/results')) {
    items.push(
      { key: 'my-results', path: '/results' },
      { key: 'my-transcript', path: '/transcript' },
    );
  }
  items.push(
    { key: 'settings', path: '/settings' },
    { key: 'support', path: '/support' },
    { key: 'logout', path: null },
  );
  return items;
}
