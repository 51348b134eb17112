import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { episodes, resources, seminars } from '../../db/schema/index.ts';
import {
  type IdOf,
  INSTITUTION_OF_PROMOTION,
  type InstitutionKey,
  instantOf,
  linkResources,
  type PromotionKey,
} from './keys.ts';
import type { StoreFile } from './lessons.ts';

/** Seminars of a promotion; an episode's `day` counts from today, its times are wall-clock. */
const SEMINARS: {
  key: string;
  promotion: PromotionKey;
  title: string;
  description: string;
  visibility: 'public' | 'private';
  /** The name under which the demo syllabus PDF is attached. */
  syllabus?: string;
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
    syllabus: 'syllabus-metiers-du-numerique.pdf',
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

/** A one-page PDF shipped beside the seed (build.mjs copies it next to server.js). */
function demoSyllabus(): Buffer {
  return readFileSync(fileURLToPath(new URL('./demo-syllabus.pdf', import.meta.url)));
}

/** Stores the demo syllabus through the files adapter and links it to the seminar. */
async function attachSyllabus(
  tx: Tx,
  storeFile: StoreFile,
  seminar: { id: number; institution_id: number; name: string },
) {
  const file = await storeFile(tx, {
    kind: 'seminar/syllabus',
    ownerId: null,
    institutionId: seminar.institution_id,
    bytes: demoSyllabus(),
    filename: seminar.name,
  });
  await tx.update(seminars).set({ syllabus_file_id: file.id }).where(eq(seminars.id, seminar.id));
}

/**
 * Seminars with past and coming episodes around `now`, and their links; with a file storage,
 * the syllabus PDFs too.
 */
export async function seedSeminars(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    promotion: IdOf<PromotionKey>;
    storeFile?: StoreFile;
  },
): Promise<void> {
  const seminarRows = await tx
    .insert(seminars)
    .values(
      SEMINARS.map((row) => ({
        institution_id: deps.institution(INSTITUTION_OF_PROMOTION[row.promotion]),
        promotion_id: deps.promotion(row.promotion),
        title: row.title,
        description: row.description,
        visibility: row.visibility,
      })),
    )
    .returning({ id: seminars.id, institution_id: seminars.institution_id });
  if (deps.storeFile) {
    for (const [index, row] of SEMINARS.entries()) {
      if (!row.syllabus) continue;
      await attachSyllabus(tx, deps.storeFile, { ...seminarRows[index]!, name: row.syllabus });
    }
  }
  const episodeData = SEMINARS.flatMap((row, index) =>
    row.episodes.map((episode, position) => {
      const institution = INSTITUTION_OF_PROMOTION[row.promotion];
      return {
        seminar_id: seminarRows[index]!.id,
        position: position + 1,
        episode,
        starts_at: instantOf(deps.now, institution, episode.day, episode.from),
        ends_at: instantOf(deps.now, institution, episode.day, episode.to),
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
  const links = episodeData.flatMap((e, index) =>
    linkResources({ episode_id: episodeRows[index]!.id }, e.episode.links),
  );
  if (links.length > 0) await tx.insert(resources).values(links);
}
