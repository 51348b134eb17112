import type { Role } from '@skolar/shared';
import { inviteUser } from '../../auth/invitations.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import {
  DAY,
  type IdOf,
  INSTITUTION_OF_PROMOTION,
  type InstitutionKey,
  idsOf,
  type PromotionKey,
} from './keys.ts';

interface Person {
  key: string;
  first: string;
  last: string;
  gender: 'Mr' | 'Mme';
  locale?: 'fr' | 'en' | 'de';
  email?: string;
}

/** Staff, with the demo accounts of `DEMO_ACCOUNTS` (the README's table; e-mails written out). */
const STAFF: (Person & { role: Role; institution: InstitutionKey | null })[] = [
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

/** Students by promotion; their e-mail is made from their name and their institution's domain. */
const STUDENTS: Record<PromotionKey, Person[]> = {
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
    // A whole class for the statistics of the past quiz (past-quiz.ts).
    { key: 'lucas', first: 'Lucas', last: 'Bonnet', gender: 'Mr' },
    { key: 'juliette', first: 'Juliette', last: 'Blanc', gender: 'Mme' },
    { key: 'rayan', first: 'Rayan', last: 'Meunier', gender: 'Mr' },
    { key: 'alice', first: 'Alice', last: 'Fabre', gender: 'Mme' },
    { key: 'mathis', first: 'Mathis', last: 'Roussel', gender: 'Mr' },
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

/** Every student of each promotion: the demo students of `DEMO_ACCOUNTS` first. */
export const PROMOTION_STUDENTS: Record<PromotionKey, string[]> = {
  ulcL3: ['studentUni', ...STUDENTS.ulcL3.map((x) => x.key)],
  ulcM1: STUDENTS.ulcM1.map((x) => x.key),
  ehnB2: ['studentSchool', ...STUDENTS.ehnB2.map((x) => x.key)],
  nlaPm: STUDENTS.nlaPm.map((x) => x.key),
};

const DOMAINS: Record<InstitutionKey, string> = {
  ulc: 'uni.skolar.test',
  ehn: 'school.skolar.test',
  nla: 'nordlicht.skolar.test',
};

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
  if (locale === 'de') return `de0151${digits}`;
  if (locale === 'en') return `gb07700${digits.slice(0, 6)}`;
  return `fr06${digits}`;
}

/** A student's date of birth, spread over five years. */
function birthday(index: number): string {
  const month = String((index % 12) + 1).padStart(2, '0');
  const day = String((index % 27) + 1).padStart(2, '0');
  return `${2001 + (index % 5)}-${month}-${day}`;
}

/**
 * Every account but the invited one, verified a month ago, all with the demo password (hashed
 * once by the caller, outside the transaction).
 */
export async function seedPeople(
  tx: Tx,
  deps: { now: Date; passwordHash: string; institution: IdOf<InstitutionKey> },
): Promise<IdOf> {
  const people: (Person & { role: Role; institution: InstitutionKey | null })[] = [
    ...STAFF,
    ...(Object.entries(STUDENTS) as [PromotionKey, Person[]][]).flatMap(([promotion, list]) =>
      list.map((person) => ({
        ...person,
        role: 'student' as const,
        institution: INSTITUTION_OF_PROMOTION[promotion],
      })),
    ),
  ];
  const verifiedAt = new Date(deps.now.getTime() - 30 * DAY);
  const rows = await tx
    .insert(users)
    .values(
      people.map((person, index) => {
        const locale = person.locale ?? 'fr';
        return {
          institution_id: person.institution ? deps.institution(person.institution) : null,
          role: person.role,
          first_name: person.first,
          last_name: person.last,
          email:
            person.email ??
            `${ascii(person.first)}.${ascii(person.last)}@${DOMAINS[person.institution ?? 'ulc']}`,
          email_verified_at: verifiedAt,
          password_hash: deps.passwordHash,
          gender: person.gender,
          phone: phoneOf(locale, index + 1),
          date_of_birth: person.role === 'student' ? birthday(index) : null,
          locale,
        };
      }),
    )
    .returning({ id: users.id });
  return idsOf(
    people.map((p) => p.key),
    rows,
  );
}

/** The invited account of the demo: no password, unverified, its invitation in the outbox. */
export const DEMO_NEWCOMER_EMAIL = 'newcomer@uni.skolar.test';

export async function inviteNewcomer(
  tx: Tx,
  deps: { now: Date; publicUrl: string; institution: IdOf<InstitutionKey> },
): Promise<void> {
  const [newcomer] = await tx
    .insert(users)
    .values({
      institution_id: deps.institution('ulc'),
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
  await inviteUser(
    { clock: { now: () => deps.now }, config: { PUBLIC_URL: deps.publicUrl } },
    tx,
    newcomer!,
  );
}
