// The past quiz of the demo, handed in by the whole L3 three weeks ago, so the quiz statistics
// (modules/exams/statistics.ts) have a class to talk about: most questions discriminate as they
// should, one is too easy, and one has a wrong key (the strong students fail it).
import { and, asc, eq } from 'drizzle-orm';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Tx } from '../../db/client.ts';
import {
  type AnswerValue,
  answers,
  attempts,
  evaluations,
  gradeChanges,
  questions,
  results,
} from '../../db/schema/index.ts';
import { closeAttempt, examScore } from '../../modules/exams/scoring.ts';
import { plusDays, zonedInstant } from '../../time.ts';
import { DEMO_ZONES, type IdOf } from './keys.ts';
import { PROMOTION_STUDENTS } from './people.ts';

/** The key of the past quiz among the seeded evaluations (evaluations.ts). */
export const PAST_QUIZ_KEY = 'algoPractice';

/**
 * Eight questions scored automatically, of every kind, and one written answer. Question 6's key is
 * wrong on purpose (n − 1 comparisons find the maximum, not n): the statistics flag it.
 */
export const PAST_QUIZ = [
  {
    kind: 'single',
    title: 'Tri rapide, pire cas',
    prompt: 'Quelle est la complexité du tri rapide dans le pire cas ?',
    choices: ['O(n log n)', 'O(n²)', 'O(n)', 'O(log n)'],
    answer_key: {
      choices: [1],
      general:
        'Un pivot toujours extrême (le premier élément d’un tableau déjà trié) laisse n − 1 éléments d’un côté à chaque partition.',
    },
    points: 2,
    position: 1,
  },
  {
    kind: 'multiple',
    title: 'Tris stables',
    prompt: 'Parmi ces tris, lesquels sont stables (deux éléments égaux gardent leur ordre) ?',
    choices: ['Tri fusion', 'Tri par insertion', 'Tri rapide (partition de Lomuto)', 'Tri par tas'],
    // Each stable sort half the points, each unstable one −50 %, as Moodle weighs them.
    answer_key: { choices: [0, 1], weights: [0.5, 0.5, -0.5, -0.5] },
    points: 2,
    position: 2,
  },
  {
    // A true/false question, as the GIFT import stores one.
    kind: 'single',
    title: 'Arbre binaire de recherche',
    prompt:
      'Vrai ou faux : dans un arbre binaire de recherche quelconque (non équilibré), une recherche se fait en O(log n) dans le pire cas.',
    choices: ['Vrai', 'Faux'],
    answer_key: {
      choices: [1],
      general: 'Faux : inséré dans l’ordre croissant, l’arbre devient une liste de hauteur n.',
    },
    points: 1,
    position: 3,
  },
  {
    kind: 'single',
    title: 'Expression bien parenthésée',
    prompt:
      'Quelle structure permet de vérifier qu’une expression mêlant (), [] et {} est bien parenthésée ?',
    choices: [
      'Une pile',
      'Une file',
      'Un compteur par type de parenthèse',
      'Un arbre binaire de recherche',
    ],
    // Moodle's partial credit: the counters work for one kind of bracket, not for « ([)] ».
    answer_key: {
      choices: [0],
      weights: [1, 0, 0.5, 0],
      feedback: [
        'Oui : chaque fermante doit répondre à la dernière ouvrante encore ouverte.',
        'Une file rend les ouvrantes dans l’ordre où elles sont venues.',
        'Presque : les compteurs acceptent « ([)] ». La moitié des points.',
        'Il n’y a rien à chercher ni à trier ici.',
      ],
    },
    points: 2,
    position: 4,
  },
  {
    kind: 'matching',
    title: 'Structures en temps constant',
    prompt: 'Associez chaque structure à une opération qu’elle fait en temps constant.',
    choices: ['Pile', 'File', 'Table de hachage'],
    // The last answer is a distractor.
    options: [
      'Retirer le dernier élément ajouté',
      'Retirer le premier élément ajouté',
      'Trouver une clé (en moyenne)',
      'Trouver le plus petit élément',
    ],
    answer_key: { pairs: [0, 1, 2] },
    points: 3,
    position: 5,
  },
  {
    kind: 'single',
    title: 'Recherche du maximum',
    prompt:
      'Combien de comparaisons faut-il, au minimum, pour trouver le plus grand de n éléments (n ≥ 2) ?',
    choices: ['n − 1', 'n', 'n / 2', 'log₂ n'],
    // The wrong key of the demo: n − 1 is right.
    answer_key: { choices: [1] },
    points: 1,
    position: 6,
  },
  {
    kind: 'numerical',
    title: 'Tri fusion, temps mesuré',
    prompt:
      'Un tri fusion range 1 000 000 d’entiers en 2 secondes. Combien de secondes lui faut-il, environ, pour 2 000 000 d’entiers ? Donnez un nombre.',
    answer_key: {
      numbers: [{ value: 4.2, tolerance: 0.2 }],
      general: '2 × 2 × log(2·10⁶) / log(10⁶) ≈ 4,2 s : un peu plus que le double.',
    },
    points: 2,
    position: 7,
  },
  {
    kind: 'short',
    title: 'Fonction récursive',
    prompt: 'Comment qualifie-t-on une fonction qui s’appelle elle-même ?',
    answer_key: {
      accepted: [
        'récursive',
        'recursive',
        'récursif',
        'fonction récursive',
        'une fonction récursive',
      ],
    },
    points: 1,
    position: 8,
  },
  {
    kind: 'long',
    title: 'Somme récursive',
    prompt:
      'Écrivez une fonction récursive qui renvoie la somme des éléments d’un tableau, puis expliquez pourquoi elle termine toujours.',
    points: 4,
    position: 9,
  },
] satisfies Omit<typeof questions.$inferInsert, 'evaluation_id'>[];

/** A part of an essay (its code, or why it terminates) and the marks the teacher gives it. */
type Part = [text: string, marks: number];

/**
 * Each student of the L3: how well they know the course (about −1.5 to 1.5; the chance of a
 * right answer grows with it, question by question), and their essay: its code (marked out of
 * 2.5) and why it terminates (out of 1.5), which a student out of time never got to write.
 */
const CLASS: Record<string, { ability: number; code: Part; proof?: Part }> = {
  gabriel: {
    ability: 1.4,
    code: [
      'def somme(t, i=0):\n    if i == len(t):\n        return 0\n    return t[i] + somme(t, i + 1)',
      2.5,
    ],
    proof: [
      'Terminaison : len(t) − i est un entier positif qui diminue de 1 à chaque appel ; quand il vaut 0, on est dans le cas de base, qui ne rappelle pas la fonction. Il y a donc exactement len(t) + 1 appels.',
      1.5,
    ],
  },
  studentUni: {
    ability: 1.1,
    code: [
      'function somme(tab) {\n  if (tab.length === 0) return 0; // cas de base\n  return tab[0] + somme(tab.slice(1));\n}',
      2.5,
    ],
    proof: [
      'Chaque appel reçoit un tableau plus court d’un élément. Une longueur ne peut pas décroître indéfiniment : on atteint le tableau vide, qui renvoie 0 sans nouvel appel.',
      1.5,
    ],
  },
  rayan: {
    ability: 1,
    code: [
      'somme(T, n) :\n  si n = 0 alors renvoyer 0\n  sinon renvoyer T[n] + somme(T, n − 1)\nAppel initial : somme(T, longueur(T)), T étant indicé à partir de 1.',
      2.5,
    ],
    proof: [
      'n est un entier naturel qui baisse de 1 à chaque appel : après n appels, on arrive au cas de base n = 0. La fonction termine donc, en n + 1 appels.',
      1.5,
    ],
  },
  manon: {
    ability: 0.9,
    code: ['def somme(t):\n    if not t:\n        return 0\n    return t[0] + somme(t[1:])', 2.5],
    proof: [
      'Elle termine car t[1:] a un élément de moins que t, donc on finit par arriver à la liste vide.',
      1,
    ],
  },
  lucas: {
    ability: 0.7,
    code: [
      'function somme(t, i) {\n  if (i == t.length) return 0;\n  return t[i] + somme(t, i + 1);\n}\n// premier appel : somme(t, 0)',
      2.5,
    ],
    proof: ['i augmente de 1 à chaque appel, jusqu’à valoir t.length.', 1],
  },
  jade: {
    ability: 0.6,
    code: [
      'def somme(t):\n    if len(t) == 1:\n        return t[0]\n    return t[0] + somme(t[1:])',
      2,
    ],
    proof: [
      'À chaque appel, la liste perd son premier élément : on finit par arriver à une liste d’un seul élément.',
      1,
    ],
  },
  chloe: {
    ability: 0.4,
    code: [
      'int somme(int t[], int n) {\n    if (n == 0) return 0;\n    return t[n] + somme(t, n - 1);\n}',
      2,
    ],
    proof: ['Elle termine car n diminue.', 0.5],
  },
  ines: {
    ability: 0.2,
    code: ['somme(t) = t[0] + somme(t privé de t[0]), et somme(tableau vide) = 0.', 2],
    proof: ['Elle s’arrête quand le tableau est vide.', 0.5],
  },
  sarah: {
    ability: 0,
    code: [
      'def somme(t):\n    s = t[0]\n    if len(t) > 1:\n        s = s + somme(t[1:])\n    return s',
      2,
    ],
  },
  juliette: {
    ability: -0.1,
    code: [
      'function somme(t) {\n  if (t.length == 0) return 0\n  somme(t.slice(1)) + t[0]\n}',
      1.5,
    ],
    proof: ['Elle termine car le tableau finit par être vide.', 0.5],
  },
  louis: {
    ability: -0.3,
    code: [
      'def somme(t):\n    total = 0\n    for x in t:\n        total += x\n    return total',
      1,
    ],
    proof: ['La boucle for s’arrête à la fin de la liste.', 0.5],
  },
  alice: {
    ability: -0.5,
    code: ['somme(t) :\n  s ← 0\n  pour i de 0 à n − 1 : s ← s + t[i]\n  renvoyer s', 1],
    proof: ['Elle termine car la boucle a un nombre fini de tours.', 0.5],
  },
  nathan: {
    ability: -0.6,
    code: [
      'function somme(t) {\n  if (t.length === 1) return t[0];\n  return t[0] + somme(t.slice(1));\n}',
      1.5,
    ],
    proof: ['Elle termine parce que le tableau est fini.', 0.5],
  },
  maximilian: {
    ability: -0.8,
    code: ['def somme(t):\n    return t[0] + t[1] + somme(t[2:])', 1],
    proof: ['Elle s’arrête quand elle a fini d’additionner.', 0],
  },
  enzo: {
    ability: -1.2,
    code: ['somme(t) = t[0] + somme(t)', 0.5],
    proof: ['Elle s’arrête à la fin du tableau.', 0],
  },
  mathis: {
    ability: -1.5,
    code: [
      'La fonction s’appelle elle-même pour additionner les cases du tableau une par une.',
      0.5,
    ],
  },
};

/** The teacher marks the essays in the grid's order (by last name) and stopped before these. */
const UNMARKED = new Set(['nathan', 'mathis', 'maximilian']);

/** The first lines of the grid, whose quiz suggestion the teacher took as a draft grade. */
const DRAFTED = new Set(['juliette', 'lucas', 'gabriel', 'studentUni', 'enzo', 'alice', 'jade']);

type Draw = () => number;

/**
 * A seeded generator of its own for each student and each stream (0: timing, 1…: the question at
 * that position), so that a change to one question's answers keeps the others'.
 */
function drawsOf(student: number, stream: number): Draw {
  // Close seeds start xoroshiro128+ on close values: the seed is mixed first (murmur3's finaliser).
  let seed = Math.imul(student + 1, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b) ^ 20_260_217;
  seed = Math.imul(seed ^ (seed >>> 16), 0x85ebca6b);
  seed = Math.imul(seed ^ (seed >>> 13), 0xc2b2ae35);
  const generator = xoroshiro128plus((seed ^ (seed >>> 16)) | 0);
  return () => uniformFloat64(generator);
}
const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const pick = <T>(draw: Draw, items: readonly T[]): T => items[Math.floor(draw() * items.length)]!;

/** The answer a student of that ability gives to each question, by position (null: none). */
const ANSWER: Record<number, (ability: number, draw: Draw) => AnswerValue | null> = {
  1: (a, draw) => {
    if (draw() < logistic(2 * a + 0.3)) return { choices: [1] };
    return { choices: [draw() < 0.8 ? 0 : 2] };
  },
  2: (a, draw) => {
    const odds = [1.2 * a + 0.8, 1.2 * a + 0.2, -1.3 * a - 0.6, -1.3 * a - 1];
    const chosen = odds.flatMap((x, index) => (draw() < logistic(x) ? [index] : []));
    return { choices: chosen.length > 0 ? chosen : [0] };
  },
  3: (a, draw) => ({ choices: [draw() < logistic(1.8 * a - 0.2) ? 1 : 0] }),
  4: (a, draw) => {
    if (draw() < logistic(1.4 * a + 0.4)) return { choices: [0] };
    const other = draw();
    return { choices: [other < 0.6 ? 2 : other < 0.9 ? 1 : 3] };
  },
  5: (a, draw) => ({
    pairs: [1.2, 0.6, 0].map((ease, item) => {
      if (draw() < logistic(1.3 * a + ease)) return item;
      const others = [0, 1, 2, 3].filter((option) => option !== item);
      return pick(draw, others);
    }),
  }),
  6: (a, draw) => {
    if (draw() < logistic(3 * a + 0.3)) return { choices: [0] };
    return { choices: [draw() < 0.75 ? 1 : 3] };
  },
  7: (a, draw) => {
    if (a < -1 && draw() < 0.4) return null;
    if (draw() < logistic(1.5 * a - 0.2))
      return { text: pick(draw, ['4,2', '4,2', '4.2', '4,1', '4']) };
    return { text: pick(draw, ['8', '8', '4,6', '2']) };
  },
  8: (_, draw) => ({
    text: pick(draw, ['récursive', 'Récursive', 'récursive', 'fonction récursive', 'recursive']),
  }),
};

const MINUTE = 60_000;

/**
 * Every student of the L3 took the past quiz, in its window three weeks ago: their answers drawn
 * from their ability by a seeded generator (the same every seed), the attempt closed by the
 * student or by the timeout and scored as the hand-in scores it; two days later the teacher
 * marked most essays and took the quiz's suggestion as a draft grade (not published) for the
 * first students of the grid.
 */
export async function seedPastQuiz(tx: Tx, deps: { user: IdOf; evaluation: IdOf }): Promise<void> {
  const evaluationId = deps.evaluation(PAST_QUIZ_KEY);
  const [exam] = await tx.select().from(evaluations).where(eq(evaluations.id, evaluationId));
  const zone = DEMO_ZONES.ulc;
  const opens = zonedInstant(exam!.date, exam!.start_time!, zone).getTime();
  const closes = zonedInstant(exam!.date, exam!.end_time!, zone).getTime();
  const marked = zonedInstant(plusDays(exam!.date, 2), '18:00', zone);
  const drafted = new Date(marked.getTime() + 25 * MINUTE);
  const questionRows = await tx
    .select({ id: questions.id, position: questions.position, kind: questions.kind })
    .from(questions)
    .where(eq(questions.evaluation_id, evaluationId))
    .orderBy(asc(questions.position));
  const maxPoints = PAST_QUIZ.reduce((sum, question) => sum + question.points, 0);

  const resultValues: (typeof results.$inferInsert)[] = [];
  for (const [index, student] of PROMOTION_STUDENTS.ulcL3.entries()) {
    const draw = drawsOf(index, 0);
    const profile = CLASS[student];
    if (!profile) throw new Error(`demo seed: no answers for ${student}`);
    const { ability } = profile;
    const started = new Date(opens + Math.round(draw() * 12 * 60) * 1000);
    const deadline = new Date(
      Math.min(started.getTime() + exam!.duration_minutes! * MINUTE, closes),
    );
    // The weaker students need more time; those who need more than the exam gives time out.
    const needed = (30 + draw() * 18 - 6 * ability) * MINUTE;
    const timedOut = started.getTime() + needed >= deadline.getTime();
    const finished = timedOut
      ? deadline
      : new Date(started.getTime() + Math.round(needed / 1000) * 1000);
    const [attempt] = await tx
      .insert(attempts)
      .values({
        evaluation_id: evaluationId,
        student_id: deps.user(student),
        started_at: started,
        deadline_at: deadline,
        created_at: started,
        updated_at: started,
      })
      .returning({ id: attempts.id, deadline_at: attempts.deadline_at });

    // Out of time, the essay stops after its code.
    const proof = timedOut ? undefined : profile.proof;
    const essay = {
      text: proof ? `${profile.code[0]}\n\n${proof[0]}` : profile.code[0],
      mark: profile.code[1] + (proof?.[1] ?? 0),
    };
    const given = questionRows.flatMap((question, order) => {
      const value =
        question.kind === 'long'
          ? { text: essay.text }
          : (ANSWER[question.position]?.(ability, drawsOf(index, question.position)) ?? null);
      if (value === null) return [];
      // Typed in the order of the questions, the last one just before the end.
      const typed = new Date(
        started.getTime() +
          Math.round(
            ((finished.getTime() - started.getTime()) * (order + 1)) /
              (questionRows.length + 1) /
              1000,
          ) *
            1000,
      );
      return [
        {
          attempt_id: attempt!.id,
          question_id: question.id,
          value,
          typed_at: typed,
          created_at: typed,
          updated_at: typed,
        },
      ];
    });
    await tx.insert(answers).values(given);
    // Closed as the exam module closes it: a timeout is dated at the deadline.
    await closeAttempt(
      tx,
      attempt!,
      timedOut ? 'timeout' : 'student',
      timedOut ? new Date(deadline.getTime() + MINUTE) : finished,
    );

    if (UNMARKED.has(student)) continue;
    const long = questionRows.find((question) => question.kind === 'long')!;
    await tx
      .update(answers)
      .set({ points_awarded: essay.mark, updated_at: marked })
      .where(and(eq(answers.attempt_id, attempt!.id), eq(answers.question_id, long.id)));
    const points = await tx
      .select({ points: answers.points_awarded })
      .from(answers)
      .where(eq(answers.attempt_id, attempt!.id));
    const score = examScore(points.map((row) => row.points));
    await tx
      .update(attempts)
      .set({ score, updated_at: marked })
      .where(eq(attempts.id, attempt!.id));
    if (!DRAFTED.has(student)) continue;
    resultValues.push({
      evaluation_id: evaluationId,
      student_id: deps.user(student),
      // The grid's suggestion: the points over the quiz's, on the evaluation's scale.
      grade: Math.round(Math.min(exam!.scale, (score / maxPoints) * exam!.scale) * 100) / 100,
      graded_by: deps.user('teacherUni'),
      created_at: drafted,
      updated_at: drafted,
    });
  }
  const rows = await tx.insert(results).values(resultValues).returning();
  await tx.insert(gradeChanges).values(
    rows.map((row) => ({
      result_id: row.id,
      old_grade: null,
      new_grade: row.grade,
      changed_by: row.graded_by,
      at: row.created_at,
    })),
  );
}
