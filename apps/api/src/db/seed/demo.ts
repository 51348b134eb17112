import { DEMO_PASSWORD, type Role } from '@skolar/shared';
import { eq, sql } from 'drizzle-orm';
import { inviteUser } from '../../auth/invitations.ts';
import { hashPassword } from '../../auth/password.ts';
import {
  academicYear,
  localDay,
  minuteOfDay,
  plusDays,
  timeOfMinutes,
  zonedInstant,
} from '../../time.ts';
import type { Db, DbOrTx, Tx } from '../client.ts';
import {
  chapters,
  contactRequests,
  episodes,
  evaluations,
  events,
  gradeChanges,
  groupStudents,
  groupSubjects,
  groups,
  institutionModules,
  institutionPrograms,
  institutions,
  lessons,
  moduleSubjects,
  modules,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  questions,
  resources,
  results,
  seminars,
  subjectLessons,
  subjects,
  teacherSubjects,
  trainingModules,
  trainings,
  users,
} from '../schema/index.ts';
import { DEMO_LESSONS } from './content.ts';

/** The password of every demo account. */
/** Any 64-bit key shared by every process that may seed: two nodes never seed twice. */
const SEED_LOCK_KEY = 7_265_431_002;

/**
 * Seeds the demo data when the database has no user yet, in one transaction (a crash leaves
 * nothing half-written). Dates are placed around `now`: past, today (an exam open right now),
 * and upcoming evaluations, seminar episodes and events.
 */
export async function seedDemo(
  db: Db,
  options: { now: Date; publicUrl?: string },
): Promise<'seeded' | 'skipped'> {
  const { now } = options;
  if (await hasAnyUser(db)) return 'skipped';
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasAnyUser(tx)) return 'skipped';
    await insertDemo(tx, now, passwordHash);
    await inviteNewcomer(tx, now, options.publicUrl ?? 'http://localhost:3000');
    return 'seeded';
  });
}

/** The invited account of the demo: no password, unverified, its invitation in the outbox. */
export const DEMO_NEWCOMER_EMAIL = 'newcomer@uni.skolar.test';

async function inviteNewcomer(tx: Tx, now: Date, publicUrl: string): Promise<void> {
  const [university] = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.diminutive, 'ULC'));
  const [newcomer] = await tx
    .insert(users)
    .values({
      institution_id: university!.id,
      role: 'student',
      first_name: 'Noé',
      last_name: 'Nouveau',
      email: DEMO_NEWCOMER_EMAIL,
      email_verified_at: null,
      password_hash: null,
      gender: 'Mr',
      locale: 'fr',
    })
    .returning();
  await inviteUser({ clock: { now: () => now }, config: { PUBLIC_URL: publicUrl } }, tx, newcomer!);
}

async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------

type InstitutionKey = 'ulc' | 'ehn' | 'nla';
type UserInsert = typeof users.$inferInsert;

interface Person {
  key: string;
  first: string;
  last: string;
  gender: 'Mr' | 'Mme';
  locale?: 'fr' | 'en' | 'de';
  email?: string;
}

/** A small deterministic generator (mulberry32) so every seed gives the same grades. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function phoneOf(locale: 'fr' | 'en' | 'de', index: number): string {
  const digits = String(10_000_000 + ((index * 7_919_417) % 89_999_999)).slice(0, 8);
  if (locale === 'de') return `de0151${digits.slice(0, 7)}`;
  if (locale === 'en') return `gb07700${digits.slice(0, 6)}`;
  return `fr06${digits}`;
}

/** Looks a key up in a map built by the seed; a typo is a bug of the seed, so it throws. */
function idOf(map: Map<string, number>, key: string): number {
  const found = map.get(key);
  if (found === undefined) throw new Error(`demo seed: unknown key ${key}`);
  return found;
}

function zip(keys: readonly string[], rows: readonly { id: number }[]): Map<string, number> {
  if (keys.length !== rows.length) throw new Error('demo seed: insert returned a different count');
  return new Map(keys.map((key, index) => [key, rows[index]!.id]));
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function insertDemo(tx: Tx, now: Date, passwordHash: string): Promise<void> {
  const tz = { ulc: 'Europe/Paris', ehn: 'Europe/Paris', nla: 'Europe/Berlin' } as const;
  const today = localDay(now, tz.ulc);
  const year = academicYear(today);
  const verifiedAt = new Date(now.getTime() - 30 * DAY);

  // --- institutions ------------------------------------------------------------------------
  const institutionRows = await tx
    .insert(institutions)
    .values([
      {
        name: 'Université Lumière des Confluences',
        diminutive: 'ULC',
        kind: 'university',
        color_code: '#1F5F8B',
        logo_link: '/demo/logos/ulc.svg',
        url: 'https://www.ulc.example',
        address: '18 quai Claude-Bernard, 69007 Lyon, France',
        email: 'contact@ulc.example',
        phone: 'fr0478000000',
        nb_levels: 5,
        levels: ['L1', 'L2', 'L3', 'M1', 'M2'],
        timezone: tz.ulc,
      },
      {
        name: 'École Horizon Numérique',
        diminutive: 'EHN',
        kind: 'school',
        color_code: '#F2C14E',
        logo_link: '/demo/logos/ehn.svg',
        url: 'https://www.horizon-numerique.example',
        address: '42 cours de l’Intendance, 33000 Bordeaux, France',
        email: 'bonjour@horizon-numerique.example',
        phone: 'fr0556000000',
        nb_levels: 3,
        levels: ['B1', 'B2', 'B3'],
        timezone: tz.ehn,
      },
      {
        name: 'Nordlicht Akademie',
        diminutive: 'NLA',
        kind: 'society',
        color_code: '#2E7D5B',
        logo_link: '/demo/logos/nla.svg',
        url: 'https://www.nordlicht-akademie.example',
        address: 'Am Sandtorkai 5, 20457 Hamburg, Deutschland',
        email: 'info@nordlicht-akademie.example',
        phone: 'de04030000000',
        nb_levels: 3,
        levels: ['Grundlagen', 'Aufbau', 'Experte'],
        timezone: tz.nla,
      },
    ])
    .returning({ id: institutions.id });
  const inst = zip(['ulc', 'ehn', 'nla'], institutionRows);
  const instId = (key: InstitutionKey) => idOf(inst, key);

  // --- users -------------------------------------------------------------------------------
  const domain: Record<InstitutionKey, string> = {
    ulc: 'uni.skolar.test',
    ehn: 'school.skolar.test',
    nla: 'nordlicht.skolar.test',
  };
  const staff: (Person & { role: Role; institution: InstitutionKey | null })[] = [
    {
      key: 'superadmin',
      role: 'super-admin',
      institution: null,
      first: 'Camille',
      last: 'Laurent',
      gender: 'Mme',
      email: 'superadmin@skolar.test',
    },
    {
      key: 'adminUni',
      role: 'admin',
      institution: 'ulc',
      first: 'Hélène',
      last: 'Marchand',
      gender: 'Mme',
      email: 'admin@uni.skolar.test',
    },
    {
      key: 'adminSchool',
      role: 'admin',
      institution: 'ehn',
      first: 'Julien',
      last: 'Roux',
      gender: 'Mr',
      email: 'admin@school.skolar.test',
    },
    {
      key: 'superteacher',
      role: 'super-teacher',
      institution: 'ulc',
      first: 'Nathalie',
      last: 'Girard',
      gender: 'Mme',
      email: 'superteacher@uni.skolar.test',
    },
    {
      key: 'teacherUni',
      role: 'teacher',
      institution: 'ulc',
      first: 'Thomas',
      last: 'Lefèvre',
      gender: 'Mr',
      email: 'teacher@uni.skolar.test',
    },
    {
      key: 'teacherSchool',
      role: 'teacher',
      institution: 'ehn',
      first: 'Sophie',
      last: 'Bernard',
      gender: 'Mme',
      email: 'teacher@school.skolar.test',
    },
    {
      key: 'studentUni',
      role: 'student',
      institution: 'ulc',
      first: 'Léa',
      last: 'Dubois',
      gender: 'Mme',
      email: 'student@uni.skolar.test',
    },
    {
      key: 'studentSchool',
      role: 'student',
      institution: 'ehn',
      first: 'Hugo',
      last: 'Martin',
      gender: 'Mr',
      email: 'student@school.skolar.test',
    },
    // More staff.
    {
      key: 'marc',
      role: 'teacher',
      institution: 'ulc',
      first: 'Marc',
      last: 'Fontaine',
      gender: 'Mr',
    },
    {
      key: 'isabelle',
      role: 'teacher',
      institution: 'ulc',
      first: 'Isabelle',
      last: 'Moreau',
      gender: 'Mme',
    },
    {
      key: 'karim',
      role: 'teacher',
      institution: 'ehn',
      first: 'Karim',
      last: 'Benali',
      gender: 'Mr',
    },
    {
      key: 'adminNla',
      role: 'admin',
      institution: 'nla',
      first: 'Katharina',
      last: 'Weber',
      gender: 'Mme',
      locale: 'de',
      email: 'admin@nordlicht.skolar.test',
    },
    {
      key: 'jonas',
      role: 'teacher',
      institution: 'nla',
      first: 'Jonas',
      last: 'Becker',
      gender: 'Mr',
      locale: 'de',
    },
    {
      key: 'emily',
      role: 'teacher',
      institution: 'nla',
      first: 'Emily',
      last: 'Clarke',
      gender: 'Mme',
      locale: 'en',
    },
  ];
  const studentsOf: Record<'ulcL3' | 'ulcM1' | 'ehnB2' | 'nlaPm', Person[]> = {
    ulcL3: [
      { key: 'chloe', first: 'Chloé', last: 'Petit', gender: 'Mme' },
      { key: 'nathan', first: 'Nathan', last: 'Robert', gender: 'Mr' },
      { key: 'manon', first: 'Manon', last: 'Richard', gender: 'Mme' },
      { key: 'enzo', first: 'Enzo', last: 'Durand', gender: 'Mr' },
      { key: 'ines', first: 'Inès', last: 'Lambert', gender: 'Mme' },
      { key: 'louis', first: 'Louis', last: 'Mercier', gender: 'Mr' },
      { key: 'jade', first: 'Jade', last: 'Faure', gender: 'Mme' },
      { key: 'gabriel', first: 'Gabriel', last: 'Chevalier', gender: 'Mr' },
      { key: 'sarah', first: 'Sarah', last: 'Haddad', gender: 'Mme' },
      { key: 'maximilian', first: 'Maximilian', last: 'Schreiber', gender: 'Mr', locale: 'de' },
    ],
    ulcM1: [
      { key: 'emma', first: 'Emma', last: 'Wilson', gender: 'Mme', locale: 'en' },
      { key: 'yanis', first: 'Yanis', last: 'Belkacem', gender: 'Mr' },
      { key: 'clara', first: 'Clara', last: 'Rousseau', gender: 'Mme' },
    ],
    ehnB2: [
      { key: 'zoe', first: 'Zoé', last: 'Garnier', gender: 'Mme' },
      { key: 'theo', first: 'Théo', last: 'Lemaire', gender: 'Mr' },
      { key: 'lina', first: 'Lina', last: 'Morel', gender: 'Mme' },
      { key: 'adam', first: 'Adam', last: 'Fournier', gender: 'Mr' },
      { key: 'camilleP', first: 'Camille', last: 'Perrin', gender: 'Mme' },
    ],
    nlaPm: [
      { key: 'lena', first: 'Lena', last: 'Schmidt', gender: 'Mme', locale: 'de' },
      { key: 'paul', first: 'Paul', last: 'Hoffmann', gender: 'Mr', locale: 'de' },
      { key: 'mia', first: 'Mia', last: 'Wagner', gender: 'Mme', locale: 'de' },
      { key: 'oliver', first: 'Oliver', last: 'Bennett', gender: 'Mr', locale: 'en' },
    ],
  };
  const promotionInstitution = { ulcL3: 'ulc', ulcM1: 'ulc', ehnB2: 'ehn', nlaPm: 'nla' } as const;
  const people: (Person & { role: Role; institution: InstitutionKey | null })[] = [
    ...staff,
    ...Object.entries(studentsOf).flatMap(([promotion, list]) =>
      list.map((person) => ({
        ...person,
        role: 'student' as const,
        institution: promotionInstitution[promotion as keyof typeof promotionInstitution],
      })),
    ),
  ];
  const userValues: UserInsert[] = people.map((person, index) => {
    const locale = person.locale ?? 'fr';
    const email =
      person.email ??
      `${ascii(person.first)}.${ascii(person.last)}@${domain[person.institution ?? 'ulc']}`;
    return {
      institution_id: person.institution ? instId(person.institution) : null,
      role: person.role,
      first_name: person.first,
      last_name: person.last,
      email,
      email_verified_at: verifiedAt,
      password_hash: passwordHash,
      gender: person.gender,
      phone: phoneOf(locale, index + 1),
      date_of_birth:
        person.role === 'student'
          ? `${2001 + (index % 5)}-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`
          : null,
      locale,
    };
  });
  const userRows = await tx.insert(users).values(userValues).returning({ id: users.id });
  const user = zip(
    people.map((p) => p.key),
    userRows,
  );
  const u = (key: string) => idOf(user, key);

  // --- programs and modules ----------------------------------------------------------------
  const programKeys = ['licInfo', 'masterDs', 'licGestion', 'bachelorWeb', 'pm'] as const;
  const programRows = await tx
    .insert(programs)
    .values([
      {
        name: 'Licence Informatique',
        sector: 'Informatique',
        levels: ['L1', 'L2', 'L3'],
        description:
          'Trois années pour maîtriser la programmation, les bases de données, les réseaux et les mathématiques de l’informatique.',
      },
      {
        name: 'Master Data Science',
        sector: 'Informatique',
        levels: ['M1', 'M2'],
        description:
          'Statistiques, apprentissage automatique et ingénierie des données, avec un stage long en entreprise ou en laboratoire.',
      },
      {
        name: 'Licence Gestion des entreprises',
        sector: 'Gestion',
        levels: ['L1', 'L2', 'L3'],
        description:
          'Comptabilité, marketing, droit des affaires et gestion des ressources humaines.',
      },
      {
        name: 'Bachelor Développement Web et Design',
        sector: 'Numérique',
        levels: ['B1', 'B2', 'B3'],
        description:
          'Un bachelor professionnalisant qui alterne projets concrets, ateliers de design et périodes en entreprise.',
      },
      {
        name: 'Zertifikatslehrgang Projektmanagement',
        sector: 'Management',
        levels: ['Grundlagen', 'Aufbau', 'Experte'],
        description:
          'Berufsbegleitende Weiterbildung zu klassischen und agilen Methoden des Projektmanagements.',
      },
    ])
    .returning({ id: programs.id });
  const program = zip(programKeys, programRows);
  const p = (key: string) => idOf(program, key);
  await tx.insert(institutionPrograms).values([
    { institution_id: instId('ulc'), program_id: p('licInfo') },
    { institution_id: instId('ulc'), program_id: p('masterDs') },
    { institution_id: instId('ulc'), program_id: p('licGestion') },
    { institution_id: instId('ehn'), program_id: p('bachelorWeb') },
    { institution_id: instId('nla'), program_id: p('pm') },
  ]);

  const moduleData = [
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
    [
      'leadership',
      'Führung und Kommunikation',
      'Teams führen, Konflikte lösen, Feedback geben.',
      16,
    ],
  ] as const;
  const moduleRows = await tx
    .insert(modules)
    .values(
      moduleData.map(([, name, description, hours]) => ({
        name,
        description,
        hourly_volume: hours,
      })),
    )
    .returning({ id: modules.id });
  const moduleIds = zip(
    moduleData.map(([key]) => key),
    moduleRows,
  );
  const m = (key: string) => idOf(moduleIds, key);
  const institutionModuleKeys: Record<InstitutionKey, string[]> = {
    ulc: ['progFund', 'databases', 'maths', 'webDev', 'ml'],
    ehn: ['webDev', 'uiDesign', 'agile'],
    nla: ['agile', 'leadership'],
  };
  await tx.insert(institutionModules).values(
    Object.entries(institutionModuleKeys).flatMap(([institution, keys]) =>
      keys.map((key) => ({
        institution_id: instId(institution as InstitutionKey),
        module_id: m(key),
      })),
    ),
  );

  // --- subjects ----------------------------------------------------------------------------
  const subjectData: {
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
  const subjectRows = await tx
    .insert(subjects)
    .values(
      subjectData.map((s) => ({
        institution_id: instId(s.institution),
        name: s.name,
        description: s.description,
        coefficient: s.coefficient,
        hourly_volume: s.hours,
      })),
    )
    .returning({ id: subjects.id });
  const subject = zip(
    subjectData.map((s) => s.key),
    subjectRows,
  );
  const s = (key: string) => idOf(subject, key);
  await tx
    .insert(moduleSubjects)
    .values(subjectData.map((row) => ({ module_id: m(row.module), subject_id: s(row.key) })));
  await tx
    .insert(teacherSubjects)
    .values(
      subjectData.flatMap((row) =>
        row.teachers.map((teacher) => ({ teacher_id: u(teacher), subject_id: s(row.key) })),
      ),
    );

  // --- promotions --------------------------------------------------------------------------
  const promotionData = [
    {
      key: 'ulcL3',
      institution: 'ulc',
      program: 'licInfo',
      name: `Licence Informatique L3 ${year}`,
      level: 'L3',
    },
    {
      key: 'ulcM1',
      institution: 'ulc',
      program: 'masterDs',
      name: `Master Data Science M1 ${year}`,
      level: 'M1',
    },
    {
      key: 'ehnB2',
      institution: 'ehn',
      program: 'bachelorWeb',
      name: `Bachelor Web B2 ${year}`,
      level: 'B2',
    },
    {
      key: 'nlaPm',
      institution: 'nla',
      program: 'pm',
      name: `Projektmanagement Grundlagen ${year}`,
      level: 'Grundlagen',
    },
  ] as const;
  const promotionRows = await tx
    .insert(promotions)
    .values(
      promotionData.map((row) => ({
        institution_id: instId(row.institution),
        program_id: p(row.program),
        name: row.name,
        academic_year: year,
        level: row.level,
      })),
    )
    .returning({ id: promotions.id });
  const promotion = zip(
    promotionData.map((row) => row.key),
    promotionRows,
  );
  const pr = (key: string) => idOf(promotion, key);
  const promotionMembers: Record<keyof typeof studentsOf, string[]> = {
    ulcL3: ['studentUni', ...studentsOf.ulcL3.map((x) => x.key)],
    ulcM1: studentsOf.ulcM1.map((x) => x.key),
    ehnB2: ['studentSchool', ...studentsOf.ehnB2.map((x) => x.key)],
    nlaPm: studentsOf.nlaPm.map((x) => x.key),
  };
  await tx
    .insert(promotionStudents)
    .values(
      Object.entries(promotionMembers).flatMap(([key, members]) =>
        members.map((member) => ({ promotion_id: pr(key), student_id: u(member) })),
      ),
    );
  const promotionStaff: Record<keyof typeof studentsOf, string[]> = {
    ulcL3: ['teacherUni', 'superteacher', 'marc', 'isabelle'],
    ulcM1: ['superteacher', 'isabelle'],
    ehnB2: ['teacherSchool', 'karim'],
    nlaPm: ['jonas', 'emily'],
  };
  await tx
    .insert(promotionTeachers)
    .values(
      Object.entries(promotionStaff).flatMap(([key, members]) =>
        members.map((member) => ({ promotion_id: pr(key), teacher_id: u(member) })),
      ),
    );

  // --- trainings ---------------------------------------------------------------------------
  const promotionOf = (key: keyof typeof promotionInstitution) => ({
    institution_id: instId(promotionInstitution[key]),
    promotion_id: pr(key),
  });
  const trainingData: {
    key: string;
    promotion: keyof typeof promotionInstitution;
    row: Omit<typeof trainings.$inferInsert, 'institution_id' | 'promotion_id'>;
    modules: string[];
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
      modules: ['maths'],
      row: {
        title: 'Remise à niveau en mathématiques',
        program: 'Licence Informatique',
        level: 'L3',
        description:
          'Révisions d’analyse et d’algèbre linéaire proposées pendant les deux premières semaines du semestre.',
        total_hours: 20,
        visibility: 'private',
        archived_at: new Date(now.getTime() - 60 * DAY),
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
  const trainingRows = await tx
    .insert(trainings)
    .values(trainingData.map((t) => ({ ...promotionOf(t.promotion), ...t.row })))
    .returning({ id: trainings.id });
  const training = zip(
    trainingData.map((t) => t.key),
    trainingRows,
  );
  const tr = (key: string) => idOf(training, key);
  await tx
    .insert(trainingModules)
    .values(
      trainingData.flatMap((t) =>
        t.modules.map((key) => ({ training_id: tr(t.key), module_id: m(key) })),
      ),
    );

  // --- groups ------------------------------------------------------------------------------
  const l3 = promotionMembers.ulcL3;
  const b2 = promotionMembers.ehnB2;
  const groupData = [
    {
      key: 'tdA',
      promotion: 'ulcL3',
      name: 'Groupe TD A',
      students: l3.slice(0, 6),
      subjects: ['algo', 'ts', 'sql'],
    },
    {
      key: 'tdB',
      promotion: 'ulcL3',
      name: 'Groupe TD B',
      students: l3.slice(6),
      subjects: ['algo', 'ts', 'sql'],
    },
    {
      key: 'tutored',
      promotion: 'ulcM1',
      name: 'Projet tutoré',
      students: promotionMembers.ulcM1,
      subjects: ['mlSup'],
    },
    {
      key: 'workshop1',
      promotion: 'ehnB2',
      name: 'Atelier 1',
      students: b2.slice(0, 3),
      subjects: ['htmlcss', 'js'],
    },
    {
      key: 'workshop2',
      promotion: 'ehnB2',
      name: 'Atelier 2',
      students: b2.slice(3),
      subjects: ['htmlcss', 'js', 'ux'],
    },
    {
      key: 'teamNord',
      promotion: 'nlaPm',
      name: 'Team Nord',
      students: promotionMembers.nlaPm,
      subjects: ['scrum', 'comm'],
    },
  ] as const;
  const groupRows = await tx
    .insert(groups)
    .values(groupData.map((g) => ({ ...promotionOf(g.promotion), name: g.name })))
    .returning({ id: groups.id });
  const group = zip(
    groupData.map((g) => g.key),
    groupRows,
  );
  await tx
    .insert(groupStudents)
    .values(
      groupData.flatMap((g) =>
        g.students.map((student) => ({ group_id: idOf(group, g.key), student_id: u(student) })),
      ),
    );
  await tx
    .insert(groupSubjects)
    .values(
      groupData.flatMap((g) =>
        g.subjects.map((key) => ({ group_id: idOf(group, g.key), subject_id: s(key) })),
      ),
    );

  // --- lessons, chapters and their links ---------------------------------------------------
  const institutionOfSubject = new Map(subjectData.map((row) => [row.key, row.institution]));
  const lessonRows = await tx
    .insert(lessons)
    .values(
      DEMO_LESSONS.map((lesson, index) => ({
        institution_id: instId(institutionOfSubject.get(lesson.subject)!),
        title: lesson.title,
        summary: lesson.summary,
        position: index + 1,
      })),
    )
    .returning({ id: lessons.id });
  await tx.insert(subjectLessons).values(
    DEMO_LESSONS.map((lesson, index) => ({
      subject_id: s(lesson.subject),
      lesson_id: lessonRows[index]!.id,
    })),
  );
  const chapterData = DEMO_LESSONS.flatMap((lesson, index) =>
    lesson.chapters.map((chapter, position) => ({
      lesson_id: lessonRows[index]!.id,
      chapter,
      position: position + 1,
    })),
  );
  const chapterRows = await tx
    .insert(chapters)
    .values(
      chapterData.map((c) => ({
        lesson_id: c.lesson_id,
        title: c.chapter.title,
        content: c.chapter.content,
        position: c.position,
      })),
    )
    .returning({ id: chapters.id });
  const chapterLinks = chapterData.flatMap((c, index) =>
    (c.chapter.links ?? []).map((link, position) => ({
      chapter_id: chapterRows[index]!.id,
      kind: 'link' as const,
      title: link.title,
      url: link.url,
      position: position + 1,
    })),
  );
  if (chapterLinks.length > 0) await tx.insert(resources).values(chapterLinks);

  // --- seminars and episodes ---------------------------------------------------------------
  const at = (institution: InstitutionKey, dayOffset: number, time: string) =>
    zonedInstant(plusDays(localDay(now, tz[institution]), dayOffset), time, tz[institution]);
  const seminarData: {
    key: string;
    promotion: keyof typeof promotionInstitution;
    title: string;
    description: string;
    visibility: 'public' | 'private';
    episodes: {
      title: string;
      description: string;
      day: number;
      from: string;
      to: string;
      location?: string;
      online_link?: string;
      links?: { title: string; url: string }[];
    }[];
  }[] = [
    {
      key: 'careers',
      promotion: 'ulcL3',
      title: 'Cycle de conférences : métiers du numérique',
      description:
        'Des professionnels racontent leur métier, leur parcours et répondent aux questions des étudiants de licence.',
      visibility: 'public',
      episodes: [
        {
          title: 'Développeuse back-end dans une fintech',
          description: 'Paiements, fiabilité et astreintes : le quotidien d’une équipe back-end.',
          day: -7,
          from: '18:00',
          to: '19:30',
          location: 'Amphithéâtre Marie-Curie',
        },
        {
          title: 'Sécurité des applications web',
          description: 'Les failles les plus courantes et comment les éviter dès la conception.',
          day: 2,
          from: '18:00',
          to: '19:30',
          online_link: 'https://visio.ulc.example/securite-web',
          links: [{ title: 'OWASP Top 10', url: 'https://owasp.org/www-project-top-ten/' }],
        },
        {
          title: 'Data engineer : un métier d’avenir ?',
          description:
            'Pipelines de données, qualité et gouvernance, présentés par une ancienne étudiante.',
          day: 9,
          from: '18:00',
          to: '19:30',
          location: 'Amphithéâtre Marie-Curie',
        },
      ],
    },
    {
      key: 'aiResearch',
      promotion: 'ulcM1',
      title: 'Séminaire de recherche en intelligence artificielle',
      description:
        'Chaque mois, une équipe du laboratoire présente ses travaux en cours et les pistes de stage associées.',
      visibility: 'private',
      episodes: [
        {
          title: 'Modèles de langage frugaux',
          description: 'Réduire la taille des modèles sans trop perdre en qualité.',
          day: 4,
          from: '14:00',
          to: '16:00',
          location: 'Salle du conseil, bâtiment Lovelace',
        },
        {
          title: 'Équité des algorithmes de décision',
          description: 'Mesurer et corriger les biais des modèles de classification.',
          day: 18,
          from: '14:00',
          to: '16:00',
          location: 'Salle du conseil, bâtiment Lovelace',
        },
      ],
    },
    {
      key: 'a11y',
      promotion: 'ehnB2',
      title: 'Masterclass accessibilité web',
      description:
        'Deux après-midi pour comprendre les règles d’accessibilité et auditer un site réel avec des lecteurs d’écran.',
      visibility: 'public',
      episodes: [
        {
          title: 'Les principes du WCAG',
          description:
            'Perceptible, utilisable, compréhensible, robuste : les quatre principes expliqués.',
          day: -3,
          from: '14:00',
          to: '17:00',
          location: 'Atelier 2, campus Chartrons',
          links: [
            { title: 'WCAG 2.2 en bref', url: 'https://www.w3.org/WAI/standards-guidelines/wcag/' },
          ],
        },
        {
          title: 'Audit d’un site en direct',
          description:
            'Clavier, contrastes et lecteur d’écran sur le site d’une association partenaire.',
          day: 6,
          from: '14:00',
          to: '17:00',
          online_link: 'https://visio.horizon-numerique.example/audit',
        },
      ],
    },
    {
      key: 'coaching',
      promotion: 'nlaPm',
      title: 'Agile Coaching Intensiv',
      description: 'Praxisnahe Coaching-Sessions für angehende Scrum Master und Product Owner.',
      visibility: 'private',
      episodes: [
        {
          title: 'Retrospektiven moderieren',
          description: 'Formate, Fallstricke und wie man ins Handeln kommt.',
          day: 1,
          from: '09:00',
          to: '12:00',
          location: 'Seminarraum Elbe',
        },
        {
          title: 'Konflikte im Team',
          description: 'Eskalationsstufen erkennen und früh gegensteuern.',
          day: 8,
          from: '09:00',
          to: '12:00',
          online_link: 'https://meet.nordlicht-akademie.example/konflikte',
        },
      ],
    },
  ];
  const seminarRows = await tx
    .insert(seminars)
    .values(
      seminarData.map((row) => ({
        ...promotionOf(row.promotion),
        title: row.title,
        description: row.description,
        visibility: row.visibility,
      })),
    )
    .returning({ id: seminars.id });
  const episodeData = seminarData.flatMap((row, index) =>
    row.episodes.map((episode, position) => {
      const institution = promotionInstitution[row.promotion];
      return {
        seminar_id: seminarRows[index]!.id,
        position: position + 1,
        episode,
        starts_at: at(institution, episode.day, episode.from),
        ends_at: at(institution, episode.day, episode.to),
      };
    }),
  );
  const episodeRows = await tx
    .insert(episodes)
    .values(
      episodeData.map((e) => ({
        seminar_id: e.seminar_id,
        title: e.episode.title,
        description: e.episode.description,
        starts_at: e.starts_at,
        ends_at: e.ends_at,
        location: e.episode.location ?? null,
        online_link: e.episode.online_link ?? null,
        position: e.position,
      })),
    )
    .returning({ id: episodes.id });
  const episodeLinks = episodeData.flatMap((e, index) =>
    (e.episode.links ?? []).map((link, position) => ({
      episode_id: episodeRows[index]!.id,
      kind: 'link' as const,
      title: link.title,
      url: link.url,
      position: position + 1,
    })),
  );
  if (episodeLinks.length > 0) await tx.insert(resources).values(episodeLinks);

  // --- evaluations -------------------------------------------------------------------------
  // The exam open right now: from about an hour ago to about three hours from now, clamped to
  // today in the institution's zone (after 20:59 the window ends at 23:59:59).
  const minute = minuteOfDay(now, tz.ulc);
  const openFrom = timeOfMinutes(Math.max(0, minute - 60));
  const openTo = minute + 180 >= 24 * 60 ? '23:59:59' : timeOfMinutes(minute + 180);
  const ulcToday = localDay(now, tz.ulc);
  const ehnToday = localDay(now, tz.ehn);
  const nlaToday = localDay(now, tz.nla);
  const deadline = (institution: InstitutionKey, dayOffset: number, time: string) =>
    at(institution, dayOffset, time);
  const roundToMinute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

  type EvaluationInsert = typeof evaluations.$inferInsert;
  const ulcAlgo = { institution_id: instId('ulc'), training_id: tr('algoProg') };
  const evaluationData: { key: string; row: EvaluationInsert }[] = [
    {
      key: 'algoMidterm',
      row: {
        ...ulcAlgo,
        subject_id: s('algo'),
        type: 'exam',
        title: 'Partiel d’algorithmique',
        description: 'Complexité, tris et récursivité. Documents interdits.',
        date: plusDays(ulcToday, -30),
        start_time: '09:00:00',
        end_time: '11:00:00',
        duration_minutes: 120,
        location: 'Salle B203',
        organizer: 'Thomas Lefèvre',
        domain: 'Informatique',
        percentage: 40,
        scale: 20,
      },
    },
    {
      key: 'algoQuiz',
      row: {
        ...ulcAlgo,
        subject_id: s('algo'),
        type: 'exam',
        title: 'Contrôle continu : complexité',
        description:
          'Quatre questions en ligne sur la complexité des algorithmes. Une seule tentative de 90 minutes.',
        date: ulcToday,
        start_time: openFrom,
        end_time: openTo,
        duration_minutes: 90,
        location: 'En ligne',
        organizer: 'Thomas Lefèvre',
        domain: 'Informatique',
        percentage: 30,
        scale: 20,
        has_quiz: true,
      },
    },
    {
      key: 'algoFinal',
      row: {
        ...ulcAlgo,
        subject_id: s('algo'),
        type: 'exam',
        title: 'Examen final d’algorithmique',
        description: 'Sur tout le programme du semestre.',
        date: plusDays(ulcToday, 7),
        start_time: '09:00:00',
        end_time: '12:00:00',
        duration_minutes: 180,
        location: 'Amphithéâtre Marie-Curie',
        organizer: 'Thomas Lefèvre',
        domain: 'Informatique',
        percentage: 30,
        scale: 20,
      },
    },
    {
      key: 'tsCli',
      row: {
        ...ulcAlgo,
        subject_id: s('ts'),
        type: 'project',
        title: 'Projet : gestionnaire de tâches en ligne de commande',
        description: 'Un outil en TypeScript avec tests unitaires, à rendre sous forme d’archive.',
        date: plusDays(ulcToday, -35),
        deadline: deadline('ulc', -10, '23:59'),
        organizer: 'Thomas Lefèvre',
        domain: 'Informatique',
        percentage: 50,
        scale: 20,
      },
    },
    {
      key: 'tsApi',
      row: {
        ...ulcAlgo,
        subject_id: s('ts'),
        type: 'project',
        title: 'Projet : API REST typée',
        description: 'Concevoir et documenter une petite API avec validation des entrées et tests.',
        date: plusDays(ulcToday, -11),
        deadline: roundToMinute(new Date(now.getTime() + 3 * DAY)),
        organizer: 'Thomas Lefèvre',
        domain: 'Informatique',
        percentage: 50,
        scale: 20,
      },
    },
    {
      key: 'sqlQuiz',
      row: {
        ...ulcAlgo,
        subject_id: s('sql'),
        type: 'exam',
        title: 'Interrogation SQL',
        description: 'Requêtes, jointures et agrégats sur une base fournie.',
        date: plusDays(ulcToday, -20),
        start_time: '14:00:00',
        end_time: '15:00:00',
        duration_minutes: 60,
        location: 'Salle informatique C12',
        organizer: 'Thomas Lefèvre',
        domain: 'Bases de données',
        percentage: 40,
        scale: 20,
      },
    },
    {
      key: 'sqlFinal',
      row: {
        ...ulcAlgo,
        subject_id: s('sql'),
        type: 'exam',
        title: 'Examen de bases de données',
        description: 'Modélisation et SQL, sur papier.',
        date: plusDays(ulcToday, 8),
        start_time: '14:00:00',
        end_time: '16:00:00',
        duration_minutes: 120,
        location: 'Salle B203',
        organizer: 'Thomas Lefèvre',
        domain: 'Bases de données',
        percentage: 60,
        scale: 20,
      },
    },
    {
      key: 'probaMidterm',
      row: {
        ...ulcAlgo,
        subject_id: s('proba'),
        type: 'exam',
        title: 'Partiel de probabilités',
        description: 'Variables aléatoires discrètes et continues.',
        date: plusDays(ulcToday, -14),
        start_time: '10:00:00',
        end_time: '12:00:00',
        duration_minutes: 120,
        location: 'Salle A110',
        organizer: 'Nathalie Girard',
        domain: 'Mathématiques',
        percentage: 50,
        scale: 20,
      },
    },
    {
      key: 'statsFinal',
      row: {
        ...ulcAlgo,
        subject_id: s('proba'),
        type: 'exam',
        title: 'Examen de statistiques',
        description: 'Estimation et tests, calculatrice autorisée.',
        date: plusDays(ulcToday, 9),
        start_time: '10:00:00',
        end_time: '12:00:00',
        duration_minutes: 120,
        location: 'Salle A110',
        organizer: 'Nathalie Girard',
        domain: 'Mathématiques',
        percentage: 50,
        scale: 20,
      },
    },
    {
      key: 'webProject',
      row: {
        ...ulcAlgo,
        subject_id: s('web'),
        type: 'project',
        title: 'Projet : site vitrine accessible',
        description: 'Un site de trois pages conforme aux règles d’accessibilité, noté sur 40.',
        date: plusDays(ulcToday, -40),
        deadline: deadline('ulc', -5, '18:00'),
        organizer: 'Marc Fontaine',
        domain: 'Développement web',
        percentage: 100,
        scale: 40,
      },
    },
    {
      key: 'responsive',
      row: {
        institution_id: instId('ehn'),
        training_id: tr('frontEnd'),
        subject_id: s('htmlcss'),
        type: 'exam',
        title: 'Évaluation intégration responsive',
        description: 'Intégrer une maquette fournie en moins de deux heures.',
        date: plusDays(ehnToday, -12),
        start_time: '09:00:00',
        end_time: '11:00:00',
        duration_minutes: 120,
        location: 'Atelier 1',
        organizer: 'Sophie Bernard',
        domain: 'Intégration',
        percentage: 40,
        scale: 20,
      },
    },
    {
      key: 'jsQuizApp',
      row: {
        institution_id: instId('ehn'),
        training_id: tr('frontEnd'),
        subject_id: s('js'),
        type: 'project',
        title: 'Projet : application de quiz en JavaScript',
        description:
          'Une application sans framework qui charge ses questions depuis un fichier JSON.',
        date: plusDays(ehnToday, -7),
        deadline: deadline('ehn', 10, '23:59'),
        organizer: 'Sophie Bernard',
        domain: 'JavaScript',
        percentage: 60,
        scale: 20,
      },
    },
    {
      key: 'jsExam',
      row: {
        institution_id: instId('ehn'),
        training_id: tr('frontEnd'),
        subject_id: s('js'),
        type: 'exam',
        title: 'Examen JavaScript',
        description: 'Questions de cours et petits exercices sur le DOM.',
        date: plusDays(ehnToday, 6),
        start_time: '13:30:00',
        end_time: '15:30:00',
        duration_minutes: 120,
        location: 'Atelier 2',
        organizer: 'Sophie Bernard',
        domain: 'JavaScript',
        percentage: 40,
        scale: 20,
      },
    },
    {
      key: 'scrumExam',
      row: {
        institution_id: instId('nla'),
        training_id: tr('agilePm'),
        subject_id: s('scrum'),
        type: 'exam',
        title: 'Abschlussprüfung Scrum',
        description: 'Multiple-Choice-Prüfung zum Scrum Guide.',
        date: plusDays(nlaToday, 14),
        start_time: '10:00:00',
        end_time: '11:30:00',
        duration_minutes: 90,
        location: 'Seminarraum Elbe',
        organizer: 'Jonas Becker',
        domain: 'Agile Methoden',
        percentage: 100,
        scale: 20,
      },
    },
  ];
  const evaluationRows = await tx
    .insert(evaluations)
    .values(evaluationData.map((e) => e.row))
    .returning({ id: evaluations.id });
  const evaluation = zip(
    evaluationData.map((e) => e.key),
    evaluationRows,
  );
  const ev = (key: string) => idOf(evaluation, key);

  await tx.insert(questions).values([
    {
      evaluation_id: ev('algoQuiz'),
      kind: 'single',
      prompt:
        'Quelle est la complexité de la recherche dichotomique dans un tableau trié de n éléments ?',
      choices: ['O(1)', 'O(log n)', 'O(n)', 'O(n log n)'],
      answer_key: { choices: [1] },
      points: 2,
      position: 1,
    },
    {
      evaluation_id: ev('algoQuiz'),
      kind: 'multiple',
      prompt: 'Parmi ces tris, lesquels sont en O(n log n) dans le pire cas ?',
      choices: ['Tri fusion', 'Tri rapide', 'Tri par tas', 'Tri par insertion'],
      answer_key: { choices: [0, 2] },
      points: 3,
      position: 2,
    },
    {
      evaluation_id: ev('algoQuiz'),
      kind: 'short',
      prompt:
        'Combien de comparaisons, au plus, fait une recherche dichotomique dans un tableau trié de 1024 éléments ?',
      answer_key: { accepted: ['11'] },
      points: 2,
      position: 3,
    },
    {
      evaluation_id: ev('algoQuiz'),
      kind: 'long',
      prompt:
        'Expliquez pourquoi deux boucles imbriquées sur un même tableau de n éléments donnent une complexité quadratique. Illustrez par un exemple de votre choix.',
      points: 5,
      position: 4,
    },
  ]);

  // --- results of the past evaluations -----------------------------------------------------
  const rand = random(20_260_901);
  const gradeFor = (scale: number, floor: number) => {
    const raw = floor + rand() * (scale - floor);
    return Math.round(raw * 2) / 2;
  };
  const fixed: Record<string, number> = {
    algoMidterm: 14.5,
    tsCli: 16,
    sqlQuiz: 12,
    probaMidterm: 15,
    webProject: 31,
  };
  const graders: Record<string, string> = {
    algoMidterm: 'teacherUni',
    tsCli: 'teacherUni',
    sqlQuiz: 'teacherUni',
    probaMidterm: 'superteacher',
    webProject: 'marc',
  };
  type ResultInsert = typeof results.$inferInsert;
  const resultValues: ResultInsert[] = [];
  for (const key of Object.keys(fixed)) {
    const scale = evaluationData.find((e) => e.key === key)!.row.scale as number;
    for (const student of l3) {
      const absent = key === 'sqlQuiz' && student === 'enzo';
      resultValues.push({
        evaluation_id: ev(key),
        student_id: u(student),
        grade: absent
          ? null
          : student === 'studentUni'
            ? fixed[key]!
            : gradeFor(scale, scale * 0.3),
        absent,
        comment: absent ? 'Absence non justifiée.' : null,
        graded_by: u(graders[key]!),
      });
    }
  }
  for (const student of b2) {
    resultValues.push({
      evaluation_id: ev('responsive'),
      student_id: u(student),
      grade: student === 'studentSchool' ? 13 : gradeFor(20, 7),
      absent: false,
      graded_by: u('teacherSchool'),
    });
  }
  const resultRows = await tx.insert(results).values(resultValues).returning({
    id: results.id,
    student_id: results.student_id,
    evaluation_id: results.evaluation_id,
    grade: results.grade,
  });
  // One corrected grade, so the audit trail has something to show.
  const corrected = resultRows.find(
    (r) => r.evaluation_id === ev('algoMidterm') && r.student_id === u('studentUni'),
  )!;
  await tx.insert(gradeChanges).values([
    {
      result_id: corrected.id,
      old_grade: 13,
      new_grade: corrected.grade,
      changed_by: u('teacherUni'),
      at: new Date(now.getTime() - 20 * DAY),
    },
  ]);

  // --- calendar ----------------------------------------------------------------------------
  const allDay = (institution: InstitutionKey, dayOffset: number) => ({
    starts_at: at(institution, dayOffset, '00:00'),
    ends_at: at(institution, dayOffset + 1, '00:00'),
    all_day: true,
  });
  await tx.insert(events).values([
    {
      institution_id: null,
      owner_id: u('superadmin'),
      title: 'Point mensuel de la plateforme',
      starts_at: at('ulc', 3, '09:30'),
      ends_at: at('ulc', 3, '10:00'),
      color_code: '#144E5E',
      audience: 'personal',
    },
    {
      institution_id: instId('ulc'),
      owner_id: u('teacherUni'),
      title: 'Réunion pédagogique L3',
      description: 'Bilan du premier partiel et calendrier des projets.',
      starts_at: at('ulc', 1, '10:00'),
      ends_at: at('ulc', 1, '11:00'),
      color_code: '#1F5F8B',
      audience: 'personal',
    },
    {
      institution_id: instId('ulc'),
      owner_id: u('teacherUni'),
      title: 'Séance de soutien en algorithmique',
      starts_at: at('ulc', 2, '16:00'),
      ends_at: at('ulc', 2, '17:30'),
      color_code: '#3A86FF',
      audience: 'group',
      audience_id: idOf(group, 'tdA'),
    },
    {
      institution_id: instId('ulc'),
      owner_id: u('adminUni'),
      title: 'Forum entreprises',
      description: 'Une trentaine d’entreprises présentent leurs offres de stage et d’alternance.',
      starts_at: at('ulc', 5, '13:00'),
      ends_at: at('ulc', 5, '17:00'),
      color_code: '#E76F51',
      audience: 'promotion',
      audience_id: pr('ulcL3'),
    },
    {
      institution_id: instId('ulc'),
      owner_id: u('adminUni'),
      title: 'Journée portes ouvertes',
      ...allDay('ulc', 12),
      color_code: '#F2C14E',
      audience: 'institution',
      audience_id: instId('ulc'),
    },
    {
      institution_id: instId('ulc'),
      owner_id: u('studentUni'),
      title: 'Révisions : bases de données',
      starts_at: at('ulc', 6, '18:00'),
      ends_at: at('ulc', 6, '20:00'),
      color_code: '#2A9D8F',
      audience: 'personal',
    },
    {
      institution_id: instId('ehn'),
      owner_id: u('adminSchool'),
      title: 'Hackathon de rentrée',
      ...allDay('ehn', 15),
      color_code: '#F2C14E',
      audience: 'institution',
      audience_id: instId('ehn'),
    },
  ]);

  // --- contact requests --------------------------------------------------------------------
  await tx.insert(contactRequests).values([
    {
      first_name: 'Antoine',
      last_name: 'Mallet',
      email: 'antoine.mallet@lycee-pasteur.example',
      phone: '+33 698765432',
      need: 'demo',
      object: 'Démonstration pour notre lycée',
      message:
        'Bonjour, nous cherchons une plateforme pour gérer les évaluations de nos BTS. Serait-il possible d’organiser une démonstration le mois prochain ?',
    },
    {
      first_name: 'Léa',
      last_name: 'Dubois',
      email: 'student@uni.skolar.test',
      phone: '+33 612345678',
      need: 'support',
      object: 'Relevé de notes',
      message:
        'Bonjour, la note de mon partiel d’algorithmique a été corrigée : est-ce que mon relevé est à jour ?',
      user_id: u('studentUni'),
      institution_id: instId('ulc'),
    },
  ]);
}
