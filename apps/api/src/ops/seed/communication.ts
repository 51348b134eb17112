import type { Tx } from '../../db/client.ts';
import { announcements, notifications } from '../../db/schema/index.ts';
import { type IdOf, type InstitutionKey, instantOf, type PromotionKey } from './keys.ts';

/**
 * The notification centre and announcements (issue 33): the university's pinned welcome to the
 * whole institution, the teacher's note to the L3 and one scheduled for tomorrow morning; the
 * L3 student's notifications of the last days, the older ones read.
 */
export async function seedCommunication(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    user: IdOf;
    promotion: IdOf<PromotionKey>;
    evaluation: IdOf;
  },
): Promise<void> {
  const at = (days: number, time: string) => instantOf(deps.now, 'ulc', days, time);
  const ulc = deps.institution('ulc');
  const [, note] = await tx
    .insert(announcements)
    .values([
      {
        institution_id: ulc,
        author_id: deps.user('adminUni'),
        audience: 'institution',
        audience_id: null,
        title: 'Bienvenue sur Skolar',
        body: '<p>Vos cours, vos évaluations, vos notes et votre planning sont désormais ici. Réglez vos <a href="/notifications">notifications</a> comme vous le souhaitez.</p>',
        pinned: true,
        publish_at: at(-7, '08:00'),
        published_at: at(-7, '08:00'),
        posted_at: at(-7, '08:00'),
      },
      {
        institution_id: ulc,
        author_id: deps.user('teacherUni'),
        audience: 'promotion',
        audience_id: deps.promotion('ulcL3'),
        title: 'Examen final : salle changée',
        body: '<p>L’examen final d’algorithmique aura lieu en <strong>amphi B</strong>. Apportez une pièce d’identité.</p>',
        pinned: false,
        publish_at: at(-1, '17:30'),
        published_at: at(-1, '17:30'),
        posted_at: at(-1, '17:30'),
      },
      {
        institution_id: ulc,
        author_id: deps.user('teacherUni'),
        audience: 'promotion',
        audience_id: deps.promotion('ulcL3'),
        title: 'Corrigé du contrôle continu',
        body: '<p>Le corrigé sera en ligne demain matin.</p>',
        pinned: false,
        publish_at: at(1, '08:00'),
        published_at: null,
        posted_at: at(0, '07:45'),
      },
    ])
    .returning({ id: announcements.id });
  const student = deps.user('studentUni');
  const notice = (
    type: string,
    params: Record<string, string>,
    link: string,
    when: Date,
    read: boolean,
  ) => ({
    institution_id: ulc,
    user_id: student,
    type,
    params,
    link,
    notified_at: when,
    read_at: read ? when : null,
  });
  await tx.insert(notifications).values([
    notice(
      'grade_published',
      { evaluation: 'Contrôle continu : complexité', subject: 'Algorithmique' },
      '/results',
      at(-3, '18:00'),
      true,
    ),
    notice(
      'evaluation_added',
      { evaluation: 'Examen final d’algorithmique', subject: 'Algorithmique' },
      `/evaluation-details/${deps.evaluation('algoFinal')}`,
      at(-2, '10:15'),
      true,
    ),
    {
      ...notice(
        'announcement',
        { title: 'Examen final : salle changée', author: 'Thomas Lefèvre' },
        `/announcements#announcement-${note!.id}`,
        at(-1, '17:30'),
        false,
      ),
      dedupe_key: `announcement:${note!.id}`,
    },
    notice(
      'event_moved',
      { event: 'Cours d’algorithmique' },
      '/student-planning',
      at(0, '07:00'),
      false,
    ),
  ]);
}
