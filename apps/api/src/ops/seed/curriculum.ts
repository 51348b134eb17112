import type { Tx } from '../../db/client.ts';
import {
  institutionModules,
  moduleSubjects,
  modules,
  type programs,
} from '../../db/schema/index.ts';
import { createProgram, createSubject } from './factories.ts';
import { type IdOf, type InstitutionKey, idsOf } from './keys.ts';

// What is taught: programs (each offered by one institution), course modules and subjects.

const PROGRAMS: Record<
  string,
  { institution: InstitutionKey; row: Omit<typeof programs.$inferInsert, 'id'> }
> = {
  licInfo: {
    institution: 'ulc',
    row: {
      name: 'Licence Informatique',
      sector: 'Informatique',
      levels: ['L1', 'L2', 'L3'],
      description:
        'Trois années pour maîtriser la programmation, les bases de données, les réseaux et les mathématiques de l’informatique.',
    },
  },
  masterDs: {
    institution: 'ulc',
    row: {
      name: 'Master Data Science',
      sector: 'Informatique',
      levels: ['M1', 'M2'],
      description:
        'Statistiques, apprentissage automatique et ingénierie des données, avec un stage long en entreprise ou en laboratoire.',
    },
  },
  licGestion: {
    institution: 'ulc',
    row: {
      name: 'Licence Gestion des entreprises',
      sector: 'Gestion',
      levels: ['L1', 'L2', 'L3'],
      description:
        'Comptabilité, marketing, droit des affaires et gestion des ressources humaines.',
    },
  },
  bachelorWeb: {
    institution: 'ehn',
    row: {
      name: 'Bachelor Développement Web et Design',
      sector: 'Numérique',
      levels: ['B1', 'B2', 'B3'],
      description:
        'Un bachelor professionnalisant qui alterne projets concrets, ateliers de design et périodes en entreprise.',
    },
  },
  pm: {
    institution: 'nla',
    row: {
      name: 'Zertifikatslehrgang Projektmanagement',
      sector: 'Management',
      levels: ['Grundlagen', 'Aufbau', 'Experte'],
      description:
        'Berufsbegleitende Weiterbildung zu klassischen und agilen Methoden des Projektmanagements.',
    },
  },
};

const MODULES = [
  [
    'progFund',
    'Fondamentaux de la programmation',
    'Algorithmique et premiers programmes typés.',
    60,
  ],
  ['databases', 'Bases de données', 'Modélisation relationnelle et langage SQL.', 40],
  ['maths', 'Mathématiques pour l’informatique', 'Probabilités, statistiques et logique.', 50],
  ['webDev', 'Développement web', 'HTML, CSS, JavaScript et le protocole HTTP.', 45],
  ['ml', 'Apprentissage automatique', 'Modèles supervisés, évaluation et biais.', 40],
  ['uiDesign', 'Design d’interface', 'Recherche utilisateur, maquettes et accessibilité.', 30],
  ['agile', 'Gestion de projet agile', 'Scrum, Kanban et pilotage par la valeur.', 20],
  ['leadership', 'Führung und Kommunikation', 'Teams führen, Konflikte lösen, Feedback geben.', 16],
] as const;

const INSTITUTION_MODULES: Record<InstitutionKey, string[]> = {
  ulc: ['progFund', 'databases', 'maths', 'webDev', 'ml'],
  ehn: ['webDev', 'uiDesign', 'agile'],
  nla: ['agile', 'leadership'],
};

/** Subjects, each in one module, with the keys of the teachers who teach it. */
export const SUBJECTS: {
  key: string;
  institution: InstitutionKey;
  name: string;
  description: string;
  coefficient: number;
  hours: number;
  module: string;
  teachers: string[];
}[] = [
  {
    key: 'algo',
    institution: 'ulc',
    name: 'Algorithmique',
    description: 'Complexité, tris, structures de données et récursivité.',
    coefficient: 3,
    hours: 48,
    module: 'progFund',
    teachers: ['teacherUni'],
  },
  {
    key: 'ts',
    institution: 'ulc',
    name: 'Programmation TypeScript',
    description: 'Typage statique, modules et tests unitaires.',
    coefficient: 2,
    hours: 36,
    module: 'progFund',
    teachers: ['teacherUni'],
  },
  {
    key: 'sql',
    institution: 'ulc',
    name: 'Bases de données relationnelles',
    description: 'Modèle relationnel, SQL et transactions.',
    coefficient: 2,
    hours: 30,
    module: 'databases',
    teachers: ['teacherUni'],
  },
  {
    key: 'proba',
    institution: 'ulc',
    name: 'Probabilités et statistiques',
    description: 'Variables aléatoires, lois usuelles et estimation.',
    coefficient: 2,
    hours: 40,
    module: 'maths',
    teachers: ['superteacher', 'isabelle'],
  },
  {
    key: 'web',
    institution: 'ulc',
    name: 'Développement web',
    description: 'Le protocole HTTP, le navigateur et l’accessibilité.',
    coefficient: 1.5,
    hours: 30,
    module: 'webDev',
    teachers: ['marc'],
  },
  {
    key: 'mlSup',
    institution: 'ulc',
    name: 'Apprentissage supervisé',
    description: 'Régression, classification et validation croisée.',
    coefficient: 2,
    hours: 30,
    module: 'ml',
    teachers: ['superteacher'],
  },
  {
    key: 'htmlcss',
    institution: 'ehn',
    name: 'Intégration HTML et CSS',
    description: 'Sémantique, mise en page responsive et accessibilité.',
    coefficient: 2,
    hours: 40,
    module: 'webDev',
    teachers: ['teacherSchool'],
  },
  {
    key: 'js',
    institution: 'ehn',
    name: 'JavaScript côté client',
    description: 'Le DOM, les événements et les appels réseau.',
    coefficient: 3,
    hours: 48,
    module: 'webDev',
    teachers: ['teacherSchool'],
  },
  {
    key: 'ux',
    institution: 'ehn',
    name: 'UX design',
    description: 'Entretiens utilisateurs, parcours et prototypes.',
    coefficient: 2,
    hours: 30,
    module: 'uiDesign',
    teachers: ['karim'],
  },
  {
    key: 'agileEhn',
    institution: 'ehn',
    name: 'Méthodes agiles',
    description: 'Scrum et Kanban appliqués aux projets étudiants.',
    coefficient: 1,
    hours: 20,
    module: 'agile',
    teachers: ['karim'],
  },
  {
    key: 'scrum',
    institution: 'nla',
    name: 'Scrum in der Praxis',
    description: 'Rollen, Ereignisse und Artefakte von Scrum.',
    coefficient: 1,
    hours: 12,
    module: 'agile',
    teachers: ['jonas'],
  },
  {
    key: 'comm',
    institution: 'nla',
    name: 'Kommunikation im Team',
    description: 'Gesprächsführung, Feedback und Moderation.',
    coefficient: 1,
    hours: 8,
    module: 'leadership',
    teachers: ['emily'],
  },
  {
    key: 'stakeholder',
    institution: 'nla',
    name: 'Stakeholder-Management',
    description: 'Interessen erkennen, priorisieren und einbinden.',
    coefficient: 1,
    hours: 8,
    module: 'leadership',
    teachers: ['emily', 'jonas'],
  },
];

export interface Curriculum {
  program: IdOf;
  module: IdOf;
  subject: IdOf;
}

export async function seedCurriculum(
  tx: Tx,
  deps: { institution: IdOf<InstitutionKey>; user: IdOf },
): Promise<Curriculum> {
  const programRows = [];
  for (const { institution, row } of Object.values(PROGRAMS)) {
    programRows.push(await createProgram(tx, deps.institution(institution), row));
  }
  const program = idsOf(Object.keys(PROGRAMS), programRows);

  const moduleRows = await tx
    .insert(modules)
    .values(
      MODULES.map(([, name, description, hours]) => ({ name, description, hourly_volume: hours })),
    )
    .returning({ id: modules.id });
  const module = idsOf<string>(
    MODULES.map(([key]) => key),
    moduleRows,
  );
  await tx.insert(institutionModules).values(
    (Object.entries(INSTITUTION_MODULES) as [InstitutionKey, string[]][]).flatMap(
      ([institution, keys]) =>
        keys.map((key) => ({
          institution_id: deps.institution(institution),
          module_id: module(key),
        })),
    ),
  );

  const subjectRows = [];
  for (const row of SUBJECTS) {
    subjectRows.push(
      await createSubject(tx, deps.institution(row.institution), row.teachers.map(deps.user), {
        name: row.name,
        description: row.description,
        coefficient: row.coefficient,
        hourly_volume: row.hours,
      }),
    );
  }
  const subject = idsOf(
    SUBJECTS.map((row) => row.key),
    subjectRows,
  );
  await tx
    .insert(moduleSubjects)
    .values(
      SUBJECTS.map((row) => ({ module_id: module(row.module), subject_id: subject(row.key) })),
    );
  return { program, module, subject };
}
