import type { Tx } from '../../db/client.ts';
import {
  groupStudents,
  groupSubjects,
  groups,
  promotionStudents,
  promotions,
  promotionTeachers,
  trainingModules,
  type trainings,
} from '../../db/schema/index.ts';
import type { Curriculum } from './curriculum.ts';
import { createTraining } from './factories.ts';
import {
  DAY,
  type IdOf,
  INSTITUTION_OF_PROMOTION,
  type InstitutionKey,
  idsOf,
  type PromotionKey,
} from './keys.ts';
import { PROMOTION_STUDENTS } from './people.ts';

// Cohorts: promotions of this academic year with their students and teachers, their trainings
// and their groups.

/**
 * A promotion's name does not repeat its academic year, a field of its own that the screens show
 * beside the name (decision 99).
 */
const PROMOTIONS: Record<PromotionKey, { program: string; name: string; level: string }> = {
  ulcL3: { program: 'licInfo', name: 'Licence Informatique L3', level: 'L3' },
  ulcM1: { program: 'masterDs', name: 'Master Data Science M1', level: 'M1' },
  ehnB2: { program: 'bachelorWeb', name: 'Bachelor Web B2', level: 'B2' },
  nlaPm: { program: 'pm', name: 'Projektmanagement Grundlagen', level: 'Grundlagen' },
};

const PROMOTION_TEACHERS: Record<PromotionKey, string[]> = {
  ulcL3: ['teacherUni', 'superteacher', 'marc', 'isabelle'],
  ulcM1: ['superteacher', 'isabelle'],
  ehnB2: ['teacherSchool', 'karim'],
  nlaPm: ['jonas', 'emily'],
};

const TRAININGS: {
  key: string;
  promotion: PromotionKey;
  row: Omit<typeof trainings.$inferInsert, 'institution_id' | 'promotion_id' | 'archived_at'>;
  modules: string[];
  archivedDaysAgo?: number;
}[] = [
  {
    key: 'algoProg',
    promotion: 'ulcL3',
    modules: ['progFund', 'databases', 'maths', 'webDev'],
    row: {
      title: 'Algorithmique et programmation',
      program: 'Licence Informatique',
      level: 'L3',
      description:
        'Le tronc commun de la troisième année : algorithmique, TypeScript, bases de données, probabilités et développement web, avec des projets encadrés chaque semestre.',
      total_hours: 184,
      cover_link: '/demo/covers/algorithms.svg',
      visibility: 'public',
    },
  },
  {
    key: 'python',
    promotion: 'ulcL3',
    modules: ['progFund'],
    row: {
      title: 'Atelier Python pour débutants',
      program: 'Licence Informatique',
      level: 'L3',
      description:
        'Huit séances pratiques pour écrire ses premiers scripts Python, manipuler des fichiers et automatiser des tâches du quotidien.',
      total_hours: 24,
      cover_link: null,
      visibility: 'public',
    },
  },
  {
    key: 'mathsRefresh',
    promotion: 'ulcL3',
    archivedDaysAgo: 60,
    modules: ['maths'],
    row: {
      title: 'Remise à niveau en mathématiques',
      program: 'Licence Informatique',
      level: 'L3',
      description:
        'Révisions d’analyse et d’algèbre linéaire proposées pendant les deux premières semaines du semestre.',
      total_hours: 20,
      visibility: 'private',
    },
  },
  {
    key: 'dataScience',
    promotion: 'ulcM1',
    modules: ['ml', 'maths'],
    row: {
      title: 'Data Science appliquée',
      program: 'Master Data Science',
      level: 'M1',
      description:
        'Des données brutes au modèle en production : nettoyage, visualisation, apprentissage supervisé et mesure de la qualité des prédictions.',
      total_hours: 70,
      cover_link: '/demo/covers/data-science.svg',
      visibility: 'public',
    },
  },
  {
    key: 'frontEnd',
    promotion: 'ehnB2',
    modules: ['webDev'],
    row: {
      title: 'Développement front-end',
      program: 'Bachelor Développement Web et Design',
      level: 'B2',
      description:
        'Construire des interfaces web rapides et accessibles avec HTML, CSS et JavaScript, de la maquette à la mise en ligne.',
      total_hours: 88,
      cover_link: '/demo/covers/web.svg',
      visibility: 'public',
    },
  },
  {
    key: 'uxDesign',
    promotion: 'ehnB2',
    modules: ['uiDesign', 'agile'],
    row: {
      title: 'UX et design d’interface',
      program: 'Bachelor Développement Web et Design',
      level: 'B2',
      description:
        'Comprendre les besoins des utilisateurs, concevoir des parcours simples et tester des prototypes avec de vrais utilisateurs.',
      total_hours: 50,
      cover_link: '/demo/covers/design.svg',
      visibility: 'public',
    },
  },
  {
    key: 'internship',
    promotion: 'ehnB2',
    modules: [],
    row: {
      title: 'Préparation au stage',
      program: 'Bachelor Développement Web et Design',
      level: 'B2',
      description: 'Ateliers CV, portfolio et entretiens.',
      total_hours: 12,
      visibility: 'private',
    },
  },
  {
    key: 'agilePm',
    promotion: 'nlaPm',
    modules: ['agile', 'leadership'],
    row: {
      title: 'Zertifikat Agiles Projektmanagement',
      program: 'Zertifikatslehrgang Projektmanagement',
      level: 'Grundlagen',
      description:
        'In vier Wochen zum Zertifikat: Scrum, Kanban und die Zusammenarbeit mit Stakeholdern, mit vielen Übungen aus echten Projekten.',
      total_hours: 28,
      cover_link: '/demo/covers/agile.svg',
      visibility: 'public',
    },
  },
  {
    key: 'leadershipWorkshop',
    promotion: 'nlaPm',
    modules: ['leadership'],
    row: {
      title: 'Führungskräfte-Workshop',
      program: 'Zertifikatslehrgang Projektmanagement',
      level: 'Grundlagen',
      description: 'Zwei Tage Führung und Feedback.',
      total_hours: 16,
      visibility: 'private',
    },
  },
];

const GROUPS = [
  {
    key: 'tdA',
    promotion: 'ulcL3',
    name: 'Groupe TD A',
    students: PROMOTION_STUDENTS.ulcL3.slice(0, 6),
    subjects: ['algo', 'ts', 'sql'],
  },
  {
    key: 'tdB',
    promotion: 'ulcL3',
    name: 'Groupe TD B',
    students: PROMOTION_STUDENTS.ulcL3.slice(6),
    subjects: ['algo', 'ts', 'sql'],
  },
  {
    key: 'tutored',
    promotion: 'ulcM1',
    name: 'Projet tutoré',
    students: PROMOTION_STUDENTS.ulcM1,
    subjects: ['mlSup'],
  },
  {
    key: 'workshop1',
    promotion: 'ehnB2',
    name: 'Atelier 1',
    students: PROMOTION_STUDENTS.ehnB2.slice(0, 3),
    subjects: ['htmlcss', 'js'],
  },
  {
    key: 'workshop2',
    promotion: 'ehnB2',
    name: 'Atelier 2',
    students: PROMOTION_STUDENTS.ehnB2.slice(3),
    subjects: ['htmlcss', 'js', 'ux'],
  },
  {
    key: 'teamNord',
    promotion: 'nlaPm',
    name: 'Team Nord',
    students: PROMOTION_STUDENTS.nlaPm,
    subjects: ['scrum', 'comm'],
  },
] as const;

export interface Cohorts {
  promotion: IdOf<PromotionKey>;
  training: IdOf;
  group: IdOf;
}

export async function seedCohorts(
  tx: Tx,
  deps: Curriculum & {
    now: Date;
    academicYear: string;
    institution: IdOf<InstitutionKey>;
    user: IdOf;
  },
): Promise<Cohorts> {
  const promotion = await seedPromotions(tx, deps);
  const inPromotion = (key: PromotionKey) => ({
    institution_id: deps.institution(INSTITUTION_OF_PROMOTION[key]),
    promotion_id: promotion(key),
  });

  const trainingRows = [];
  for (const { promotion: key, row, archivedDaysAgo } of TRAININGS) {
    const { institution_id, promotion_id } = inPromotion(key);
    const archived_at =
      archivedDaysAgo === undefined
        ? undefined
        : new Date(deps.now.getTime() - archivedDaysAgo * DAY);
    trainingRows.push(
      await createTraining(tx, { id: promotion_id, institution_id }, { ...row, archived_at }),
    );
  }
  const training = idsOf(
    TRAININGS.map((t) => t.key),
    trainingRows,
  );
  await tx
    .insert(trainingModules)
    .values(
      TRAININGS.flatMap((t) =>
        t.modules.map((key) => ({ training_id: training(t.key), module_id: deps.module(key) })),
      ),
    );

  const group = await seedGroups(tx, { ...deps, inPromotion });
  return { promotion, training, group };
}

async function seedPromotions(
  tx: Tx,
  deps: Curriculum & { academicYear: string; institution: IdOf<InstitutionKey>; user: IdOf },
): Promise<IdOf<PromotionKey>> {
  const keys = Object.keys(PROMOTIONS) as PromotionKey[];
  const rows = await tx
    .insert(promotions)
    .values(
      keys.map((key) => ({
        institution_id: deps.institution(INSTITUTION_OF_PROMOTION[key]),
        program_id: deps.program(PROMOTIONS[key].program),
        name: PROMOTIONS[key].name,
        academic_year: deps.academicYear,
        level: PROMOTIONS[key].level,
      })),
    )
    .returning({ id: promotions.id });
  const promotion = idsOf(keys, rows);
  await tx.insert(promotionStudents).values(
    keys.flatMap((key) =>
      PROMOTION_STUDENTS[key].map((student) => ({
        promotion_id: promotion(key),
        student_id: deps.user(student),
      })),
    ),
  );
  await tx.insert(promotionTeachers).values(
    keys.flatMap((key) =>
      PROMOTION_TEACHERS[key].map((teacher) => ({
        promotion_id: promotion(key),
        teacher_id: deps.user(teacher),
      })),
    ),
  );
  return promotion;
}

async function seedGroups(
  tx: Tx,
  deps: Curriculum & {
    user: IdOf;
    inPromotion: (key: PromotionKey) => { institution_id: number; promotion_id: number };
  },
): Promise<IdOf> {
  const groupRows = await tx
    .insert(groups)
    .values(GROUPS.map((g) => ({ ...deps.inPromotion(g.promotion), name: g.name })))
    .returning({ id: groups.id });
  const group = idsOf<string>(
    GROUPS.map((g) => g.key),
    groupRows,
  );
  await tx
    .insert(groupStudents)
    .values(
      GROUPS.flatMap((g) =>
        g.students.map((student) => ({ group_id: group(g.key), student_id: deps.user(student) })),
      ),
    );
  await tx
    .insert(groupSubjects)
    .values(
      GROUPS.flatMap((g) =>
        g.subjects.map((key) => ({ group_id: group(g.key), subject_id: deps.subject(key) })),
      ),
    );
  return group;
}
