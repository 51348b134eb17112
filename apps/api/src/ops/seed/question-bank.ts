// The question bank of the demo's algorithm course (decision 191): questions in categories, with
// tags, one of them in its second version, so the bank's page, its filters and the choice of
// questions or a random draw for an exam have something to show in a fresh demo.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bankQuestions, type QuestionAnswerKey } from '../../db/schema/index.ts';
import type { IdOf, InstitutionKey } from './keys.ts';

interface BankSeed {
  category: string;
  tags: string[];
  kind: 'single' | 'multiple' | 'short' | 'numerical' | 'long';
  title: string;
  prompt: string;
  choices?: string[];
  answer_key: QuestionAnswerKey | null;
  points: number;
}

const BANK: BankSeed[] = [
  {
    category: 'Complexité',
    tags: ['notation O'],
    kind: 'single',
    title: 'Boucle simple',
    prompt:
      'Quelle est la complexité d’une boucle qui parcourt une fois un tableau de n éléments ?',
    choices: ['O(1)', 'O(n)', 'O(n²)', 'O(log n)'],
    answer_key: { choices: [1] },
    points: 1,
  },
  {
    category: 'Complexité',
    tags: ['notation O'],
    kind: 'single',
    title: 'Dichotomie',
    prompt:
      'Combien de comparaisons, au pire, pour une recherche dichotomique dans 1 024 éléments ?',
    choices: ['10 ou 11', '512', '1 024', '32'],
    answer_key: { choices: [0], weights: [1, 0, -0.25, 0] },
    points: 2,
  },
  {
    category: 'Complexité',
    tags: ['notation O', 'récursivité'],
    kind: 'numerical',
    title: 'Hanoï',
    prompt:
      'Combien de déplacements faut-il, au minimum, pour déplacer une tour de Hanoï de 5 disques ?',
    answer_key: { numbers: [{ value: 31, tolerance: 0 }] },
    points: 2,
  },
  {
    category: 'Tris',
    tags: ['tri'],
    kind: 'multiple',
    title: 'Tris stables',
    prompt: 'Parmi ces tris, lesquels sont stables dans leur version usuelle ?',
    choices: ['Tri fusion', 'Tri par insertion', 'Tri rapide', 'Tri par tas'],
    answer_key: { choices: [0, 1], weights: [0.5, 0.5, -0.5, -0.5] },
    points: 2,
  },
  {
    category: 'Tris',
    tags: ['tri'],
    kind: 'single',
    title: 'Tri fusion',
    prompt: 'Quelle est la complexité du tri fusion dans le pire des cas ?',
    choices: ['O(n)', 'O(n log n)', 'O(n²)'],
    answer_key: { choices: [1] },
    points: 1,
  },
  {
    category: 'Tris',
    tags: ['tri', 'vocabulaire'],
    kind: 'short',
    title: 'Pivot',
    prompt: 'Comment s’appelle l’élément autour duquel le tri rapide partage le tableau ?',
    answer_key: { accepted: ['pivot', 'le pivot'] },
    points: 1,
  },
  {
    category: 'Structures de données/Piles et files',
    tags: ['vocabulaire'],
    kind: 'short',
    title: 'LIFO',
    prompt: 'Quelle structure suit la règle « dernier entré, premier sorti » ?',
    answer_key: { accepted: ['pile', 'une pile'] },
    points: 1,
  },
  {
    category: 'Structures de données/Piles et files',
    tags: [],
    kind: 'single',
    title: 'File',
    prompt: 'Dans une file, quel élément sort en premier ?',
    choices: ['Le dernier entré', 'Le premier entré', 'Le plus petit'],
    answer_key: { choices: [1] },
    points: 1,
  },
  {
    category: 'Structures de données/Arbres',
    tags: ['récursivité'],
    kind: 'numerical',
    title: 'Hauteur',
    prompt:
      'Quelle est la hauteur minimale d’un arbre binaire de 15 nœuds (une feuille seule a la hauteur 0) ?',
    answer_key: { numbers: [{ value: 3, tolerance: 0 }] },
    points: 1,
  },
  {
    category: 'Structures de données/Arbres',
    tags: ['récursivité'],
    kind: 'long',
    title: 'Parcours',
    prompt: 'Expliquez la différence entre un parcours en largeur et un parcours en profondeur.',
    answer_key: null,
    points: 4,
  },
];

/** The bank of the algorithm course, its last question in a second version. */
export async function seedQuestionBank(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey>; subject: IdOf; user: IdOf },
): Promise<void> {
  const base = {
    institution_id: deps.institution('ulc'),
    subject_id: deps.subject('algo'),
    created_by: deps.user('teacherUni'),
  };
  const rows = await tx
    .insert(bankQuestions)
    .values(
      BANK.map(({ choices, ...seed }) => ({
        ...base,
        ...seed,
        choices: choices ?? [],
      })),
    )
    .returning({ id: bankQuestions.id });
  // "Dichotomie" was first written without partial credit; its second version gives it.
  const first = BANK.findIndex((seed) => seed.title === 'Dichotomie');
  const current = rows[first]!.id;
  const [old] = await tx
    .insert(bankQuestions)
    .values({
      ...base,
      ...BANK[first]!,
      answer_key: { choices: [0] },
      replaced_at: new Date(deps.now.getTime() - 7 * 86_400_000),
    })
    .returning({ id: bankQuestions.id });
  await tx
    .update(bankQuestions)
    .set({ family_id: old!.id, version: 2 })
    .where(eq(bankQuestions.id, current));
}
