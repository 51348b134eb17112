import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  type AnswerValue,
  answers,
  attempts,
  type evaluations,
  questions,
} from '../../db/schema/index.ts';
import { closeAttempt } from '../../modules/exams/scoring.ts';
import { minuteOfDay, timeOfMinutes } from '../../time.ts';
import { createEvaluation } from './factories.ts';
import { DEMO_ZONES, dayOf, type IdOf, type InstitutionKey, idsOf, instantOf } from './keys.ts';
import { PAST_QUIZ, PAST_QUIZ_KEY, seedPastQuiz } from './past-quiz.ts';

type EvaluationSeed = Omit<
  typeof evaluations.$inferInsert,
  'institution_id' | 'training_id' | 'subject_id' | 'date' | 'deadline' | 'late_until'
> & {
  key: string;
  institution: InstitutionKey;
  training: string;
  subject: string;
  /** The date, in days from the institution's today. */
  day: number;
  /** A project's deadline: a wall-clock time some days from today, or some hours from now. */
  deadline?: { day: number; time: string } | { hoursFromNow: number };
  /** A project's cut-off for late hand-ins (decision 195), a wall-clock time some days from today. */
  lateUntil?: { day: number; time: string };
  /** The exam is open now: its window is set around `now`. */
  openNow?: true;
};

/** Past, open and coming exams and projects; the past ones are graded in results.ts. */
export const EVALUATIONS: EvaluationSeed[] = [
  {
    key: 'algoMidterm',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'algo',
    type: 'exam',
    title: 'Partiel d’algorithmique',
    description: 'Complexité, tris et récursivité. Documents interdits.',
    day: -30,
    start_time: '09:00:00',
    end_time: '11:00:00',
    duration_minutes: 120,
    location: 'Salle B203',
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 40,
    scale: 20,
  },
  {
    key: 'algoQuiz',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'algo',
    type: 'exam',
    title: 'Contrôle continu : complexité',
    description:
      'Sept questions en ligne sur la complexité des algorithmes, dans un ordre propre à chacun. Une seule tentative de 90 minutes.',
    day: 0,
    openNow: true,
    duration_minutes: 90,
    location: 'En ligne',
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 30,
    scale: 20,
    has_quiz: true,
    shuffle: true,
  },
  {
    key: 'algoFinal',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'algo',
    type: 'exam',
    title: 'Examen final d’algorithmique',
    description: 'Sur tout le programme du semestre.',
    day: 7,
    start_time: '09:00:00',
    end_time: '12:00:00',
    duration_minutes: 180,
    location: 'Amphithéâtre Marie-Curie',
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 30,
    scale: 20,
  },
  {
    key: 'tsCli',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'ts',
    type: 'project',
    title: 'Projet : gestionnaire de tâches en ligne de commande',
    description: 'Un outil en TypeScript avec tests unitaires, à rendre sous forme d’archive.',
    day: -35,
    deadline: { day: -10, time: '23:59' },
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 50,
    scale: 20,
  },
  {
    key: 'tsApi',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'ts',
    type: 'project',
    title: 'Projet : API REST typée',
    description: 'Concevoir et documenter une petite API avec validation des entrées et tests.',
    day: -11,
    deadline: { hoursFromNow: 72 },
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 50,
    scale: 20,
  },
  {
    // A formative report (0 %), handed in and being marked with a rubric (marking.ts).
    key: 'tsReport',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'ts',
    type: 'project',
    title: 'Rapport d’étape : architecture de l’API',
    description:
      'Deux pages sur les choix d’architecture, noté avec la grille du rapport technique.',
    day: -9,
    deadline: { day: -2, time: '18:00' },
    // Late reports are still taken, at 10 % of the scale per day late (Rayan's came a day late).
    lateUntil: { day: 3, time: '18:00' },
    late_penalty: 10,
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 0,
    scale: 20,
  },
  {
    // A code review marked blind (decision 196) and twice (decision 197): its markers see
    // participant numbers, and Nathalie Girard has proposed one grade (marking.ts).
    key: 'tsReview',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'ts',
    type: 'project',
    title: 'Revue de code anonyme : module de validation',
    description: 'Un module de validation relu sans savoir qui l’a écrit.',
    day: -6,
    deadline: { day: -1, time: '18:00' },
    blind_marking: true,
    second_marking: true,
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    percentage: 0,
    scale: 20,
  },
  {
    key: 'sqlQuiz',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'sql',
    type: 'exam',
    title: 'Interrogation SQL',
    description: 'Requêtes, jointures et agrégats sur une base fournie.',
    day: -20,
    start_time: '14:00:00',
    end_time: '15:00:00',
    duration_minutes: 60,
    location: 'Salle informatique C12',
    organizer: 'Thomas Lefèvre',
    domain: 'Bases de données',
    percentage: 40,
    scale: 20,
  },
  {
    key: 'sqlFinal',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'sql',
    type: 'exam',
    title: 'Examen de bases de données',
    description: 'Modélisation et SQL, sur papier.',
    day: 8,
    start_time: '14:00:00',
    end_time: '16:00:00',
    duration_minutes: 120,
    location: 'Salle B203',
    organizer: 'Thomas Lefèvre',
    domain: 'Bases de données',
    percentage: 60,
    scale: 20,
  },
  {
    key: 'probaMidterm',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'proba',
    type: 'exam',
    title: 'Partiel de probabilités',
    description: 'Variables aléatoires discrètes et continues.',
    day: -14,
    start_time: '10:00:00',
    end_time: '12:00:00',
    duration_minutes: 120,
    location: 'Salle A110',
    organizer: 'Nathalie Girard',
    domain: 'Mathématiques',
    percentage: 50,
    scale: 20,
  },
  {
    key: 'statsFinal',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'proba',
    type: 'exam',
    title: 'Examen de statistiques',
    description: 'Estimation et tests, calculatrice autorisée.',
    day: 9,
    start_time: '10:00:00',
    end_time: '12:00:00',
    duration_minutes: 120,
    location: 'Salle A110',
    organizer: 'Nathalie Girard',
    domain: 'Mathématiques',
    percentage: 50,
    scale: 20,
  },
  {
    key: 'webProject',
    institution: 'ulc',
    training: 'algoProg',
    subject: 'web',
    type: 'project',
    title: 'Projet : site vitrine accessible',
    description: 'Un site de trois pages conforme aux règles d’accessibilité, noté sur 40.',
    day: -40,
    deadline: { day: -5, time: '18:00' },
    organizer: 'Marc Fontaine',
    domain: 'Développement web',
    percentage: 100,
    scale: 40,
  },
  {
    key: 'responsive',
    institution: 'ehn',
    training: 'frontEnd',
    subject: 'htmlcss',
    type: 'exam',
    title: 'Évaluation intégration responsive',
    description: 'Intégrer une maquette fournie en moins de deux heures.',
    day: -12,
    start_time: '09:00:00',
    end_time: '11:00:00',
    duration_minutes: 120,
    location: 'Atelier 1',
    organizer: 'Sophie Bernard',
    domain: 'Intégration',
    percentage: 40,
    scale: 20,
  },
  {
    key: 'jsQuizApp',
    institution: 'ehn',
    training: 'frontEnd',
    subject: 'js',
    type: 'project',
    title: 'Projet : application de quiz en JavaScript',
    description: 'Une application sans framework qui charge ses questions depuis un fichier JSON.',
    day: -7,
    deadline: { day: 10, time: '23:59' },
    organizer: 'Sophie Bernard',
    domain: 'JavaScript',
    percentage: 60,
    scale: 20,
  },
  {
    key: 'jsExam',
    institution: 'ehn',
    training: 'frontEnd',
    subject: 'js',
    type: 'exam',
    title: 'Examen JavaScript',
    description: 'Questions de cours et petits exercices sur le DOM.',
    day: 6,
    start_time: '13:30:00',
    end_time: '15:30:00',
    duration_minutes: 120,
    location: 'Atelier 2',
    organizer: 'Sophie Bernard',
    domain: 'JavaScript',
    percentage: 40,
    scale: 20,
  },
  {
    key: 'scrumExam',
    institution: 'nla',
    training: 'agilePm',
    subject: 'scrum',
    type: 'exam',
    title: 'Abschlussprüfung Scrum',
    description: 'Multiple-Choice-Prüfung zum Scrum Guide.',
    day: 14,
    start_time: '10:00:00',
    end_time: '11:30:00',
    duration_minutes: 90,
    location: 'Seminarraum Elbe',
    organizer: 'Jonas Becker',
    domain: 'Agile Methoden',
    percentage: 100,
    scale: 20,
  },
  // Last, so the open exam stays the first with a quiz; its answers come from past-quiz.ts.
  {
    key: PAST_QUIZ_KEY,
    institution: 'ulc',
    training: 'algoProg',
    subject: 'algo',
    type: 'exam',
    title: 'QCM d’entraînement : tris et structures de données',
    description:
      'Huit questions corrigées automatiquement et une question rédigée, en ligne, en 45 minutes. Pour se situer avant l’examen final : ne compte pas dans la moyenne.',
    day: -21,
    start_time: '14:00:00',
    end_time: '15:00:00',
    duration_minutes: 45,
    location: 'En ligne',
    organizer: 'Thomas Lefèvre',
    domain: 'Informatique',
    // The other algorithm evaluations of the training already weigh 100 %.
    percentage: 0,
    scale: 20,
    has_quiz: true,
  },
];

/**
 * The online quiz of the exam open now: every kind of question, six in all (shuffled per student),
 * one with Moodle's partial credit.
 */
const QUIZ = [
  {
    // A description introduces the exam; it stays first however the questions are shuffled.
    kind: 'description',
    title: 'Consignes',
    format: 'html',
    prompt:
      '<p>Répondez aux questions dans l’ordre de votre choix. <strong>Une mauvaise réponse cochée peut retirer des points</strong> à la question 2.</p>',
    points: 0,
    position: 0,
  },
  {
    kind: 'single',
    title: 'Recherche dichotomique',
    prompt:
      'Quelle est la complexité de la recherche dichotomique dans un tableau trié de n éléments ?',
    choices: ['O(1)', 'O(log n)', 'O(n)', 'O(n log n)'],
    // Feedback reaches the student with the marked attempt, once the exam is over for everyone.
    answer_key: {
      choices: [1],
      feedback: [
        'Il faudrait un accès direct à l’élément cherché.',
        'Oui : chaque comparaison divise l’intervalle par deux.',
        'C’est la recherche séquentielle.',
        'C’est le coût d’un bon tri, pas d’une recherche.',
      ],
      general: 'Après k comparaisons, il reste n / 2^k éléments.',
    },
    points: 2,
    position: 1,
  },
  {
    kind: 'matching',
    title: 'Structures et opérations',
    prompt: 'Associez chaque opération à sa complexité dans le pire cas.',
    choices: [
      'Accès au i-ème élément d’un tableau',
      'Recherche dans un arbre binaire de recherche équilibré',
      'Recherche dans une liste chaînée',
    ],
    // The last answer is a distractor: no operation takes it.
    options: ['O(1)', 'O(log n)', 'O(n)', 'O(n²)'],
    answer_key: { pairs: [0, 1, 2] },
    points: 3,
    position: 7,
  },
  {
    kind: 'multiple',
    prompt: 'Parmi ces tris, lesquels sont en O(n log n) dans le pire cas ?',
    choices: ['Tri fusion', 'Tri rapide', 'Tri par tas', 'Tri par insertion'],
    // Partial credit as Moodle gives it: each right sort half the points, each wrong one -50%.
    answer_key: { choices: [0, 2], weights: [0.5, -0.5, 0.5, -0.5] },
    points: 3,
    position: 2,
  },
  {
    kind: 'numerical',
    prompt:
      'Combien de comparaisons, au plus, fait une recherche dichotomique dans un tableau trié de 1024 éléments ?',
    answer_key: { numbers: [{ value: 11, tolerance: 0 }] },
    points: 2,
    position: 3,
  },
  {
    kind: 'long',
    prompt:
      'Expliquez pourquoi deux boucles imbriquées sur un même tableau de n éléments donnent une complexité quadratique. Illustrez par un exemple de votre choix.',
    points: 5,
    position: 4,
  },
  {
    kind: 'single',
    prompt: 'Quelle est la complexité du tri par insertion sur un tableau déjà trié ?',
    choices: ['O(1)', 'O(n)', 'O(n log n)', 'O(n²)'],
    answer_key: { choices: [1] },
    points: 2,
    position: 5,
  },
  {
    kind: 'short',
    prompt: 'Comment appelle-t-on la notation qui borne la croissance d’une fonction par le haut ?',
    answer_key: { accepted: ['grand O', 'grand-O', 'O', 'Big O', 'Big-O'] },
    points: 1,
    position: 6,
  },
] satisfies Omit<typeof questions.$inferInsert, 'evaluation_id'>[];

/**
 * The window of the exam open now: from about an hour ago to about three hours from now, within
 * today in the institution's zone (after 20:59 it ends at 23:59:59).
 */
function windowAround(now: Date, institution: InstitutionKey) {
  const minute = minuteOfDay(now, DEMO_ZONES[institution]);
  return {
    start_time: timeOfMinutes(Math.max(0, minute - 60)),
    end_time: minute + 180 >= 24 * 60 ? '23:59:59' : timeOfMinutes(minute + 180),
  };
}

/** A project's deadline; one counted from now is rounded down to the minute. */
function deadlineOf(now: Date, institution: InstitutionKey, deadline: EvaluationSeed['deadline']) {
  if (deadline === undefined) return undefined;
  if ('hoursFromNow' in deadline) {
    const at = now.getTime() + deadline.hoursFromNow * 3_600_000;
    return new Date(Math.floor(at / 60_000) * 60_000);
  }
  return instantOf(now, institution, deadline.day, deadline.time);
}

/** The evaluations (through the shared factory), the quiz of the open exam and the past one's. */
export async function seedEvaluations(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey>; training: IdOf; subject: IdOf },
): Promise<IdOf> {
  const rows = [];
  for (const seed of EVALUATIONS) {
    const { key, institution, training, subject, day, deadline, lateUntil, openNow, ...row } = seed;
    const inTraining = {
      id: deps.training(training),
      institution_id: deps.institution(institution),
    };
    rows.push(
      await createEvaluation(tx, inTraining, deps.subject(subject), {
        ...row,
        date: dayOf(deps.now, institution, day),
        ...(openNow ? windowAround(deps.now, institution) : {}),
        deadline: deadlineOf(deps.now, institution, deadline),
        late_until: deadlineOf(deps.now, institution, lateUntil),
      }),
    );
  }
  const evaluation = idsOf(
    EVALUATIONS.map((e) => e.key),
    rows,
  );
  await tx
    .insert(questions)
    .values(QUIZ.map((item) => ({ ...item, evaluation_id: evaluation('algoQuiz') })));
  await tx
    .insert(questions)
    .values(PAST_QUIZ.map((item) => ({ ...item, evaluation_id: evaluation(PAST_QUIZ_KEY) })));
  return evaluation;
}

/**
 * Jade’s answers to the quiz, by position: 11 of the 13 points scored automatically, and a written
 * answer (5 points) waiting for its marks. The description (position 0) takes no answer.
 */
const JADE_ANSWERS: Record<number, AnswerValue> = {
  1: { choices: [1] },
  2: { choices: [0, 2] },
  3: { text: '10' },
  4: {
    text: 'Pour chacun des n éléments, la boucle intérieure parcourt à nouveau les n éléments : n × n comparaisons, soit O(n²). Par exemple, chercher deux éléments égaux en comparant chaque paire.',
  },
  5: { choices: [1] },
  6: { text: 'grand O' },
  7: { pairs: [0, 1, 2] },
};

/**
 * A classmate of student@uni (not of the "Groupe TD A" the grading journey grades) who has already
 * handed in the quiz of the exam open now, scored as the exam module scores it: the teacher's grade
 * grid shows the quiz's suggestion, and a written answer waiting for its marks, in a fresh demo.
 * Then the whole class's attempts at the past quiz, for its statistics (past-quiz.ts).
 */
export async function seedHandedInQuiz(
  tx: Tx,
  deps: { now: Date; user: IdOf; evaluation: IdOf },
): Promise<void> {
  const evaluationId = deps.evaluation('algoQuiz');
  const opened = instantOf(deps.now, 'ulc', 0, windowAround(deps.now, 'ulc').start_time);
  const started = new Date(Math.max(opened.getTime(), deps.now.getTime() - 20 * 60_000));
  const finished = new Date(Math.min(started.getTime() + 15 * 60_000, deps.now.getTime()));
  const [attempt] = await tx
    .insert(attempts)
    .values({
      evaluation_id: evaluationId,
      student_id: deps.user('jade'),
      started_at: started,
      deadline_at: new Date(started.getTime() + 90 * 60_000),
    })
    .returning({ id: attempts.id, deadline_at: attempts.deadline_at });
  const quiz = await tx
    .select({ id: questions.id, position: questions.position })
    .from(questions)
    .where(eq(questions.evaluation_id, evaluationId))
    .orderBy(asc(questions.position));
  await tx.insert(answers).values(
    quiz.flatMap((question) => {
      const value = JADE_ANSWERS[question.position];
      return value
        ? [{ attempt_id: attempt!.id, question_id: question.id, value, typed_at: finished }]
        : [];
    }),
  );
  await closeAttempt(tx, attempt!, 'student', finished);
  await seedPastQuiz(tx, deps);
}
