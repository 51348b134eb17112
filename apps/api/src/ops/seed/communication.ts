import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  announcements,
  conversationMembers,
  conversations,
  discussionMentions,
  discussionPosts,
  discussionReports,
  discussionSubscriptions,
  discussionThreads,
  messages,
  notifications,
} from '../../db/schema/index.ts';
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
    subject: IdOf;
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
  await seedDiscussions(tx, deps);
  await seedMessages(tx, deps);
}

/**
 * Messages (decision 203): Léa and her teacher about the final exam, read by both; the project
 * group of Léa, Lucas and Jade, with a message Léa has not read yet.
 */
async function seedMessages(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey>; user: IdOf },
) {
  const at = (days: number, time: string) => instantOf(deps.now, 'ulc', days, time);
  const lea = deps.user('studentUni');
  const lucas = deps.user('lucas');
  const jade = deps.user('jade');
  const teacher = deps.user('teacherUni');
  const [pair, group] = await tx
    .insert(conversations)
    .values([
      {
        institution_id: deps.institution('ulc'),
        started_by: lea,
        title: null,
        started_at: at(-2, '16:00'),
        last_message_at: at(-2, '16:20'),
      },
      {
        institution_id: deps.institution('ulc'),
        started_by: lucas,
        title: 'Projet de tri',
        started_at: at(-1, '10:00'),
        last_message_at: at(0, '08:10'),
      },
    ])
    .returning({ id: conversations.id });
  const message = (conversation: number, author: number, body: string, when: Date) => ({
    conversation_id: conversation,
    author_id: author,
    body,
    sent_at: when,
  });
  const sent = await tx
    .insert(messages)
    .values([
      message(
        pair!.id,
        lea,
        'Bonjour Monsieur, la calculatrice est-elle autorisée à l’examen final ?',
        at(-2, '16:00'),
      ),
      message(
        pair!.id,
        teacher,
        'Bonjour Léa, non : aucun document ni calculatrice.',
        at(-2, '16:20'),
      ),
      message(
        group!.id,
        lucas,
        'On se répartit : je fais le tri fusion, qui prend le tri par tas ?',
        at(-1, '10:00'),
      ),
      message(group!.id, lea, 'Je prends le tri par tas.', at(-1, '10:30')),
      message(group!.id, jade, 'Je fais les mesures de temps. Rendez-vous jeudi ?', at(0, '08:10')),
    ])
    .returning({ id: messages.id });
  const [, answered, , leaSaid, jadeAsked] = sent.map((row) => row.id);
  await tx.insert(conversationMembers).values([
    { conversation_id: pair!.id, user_id: lea, last_read_message_id: answered },
    { conversation_id: pair!.id, user_id: teacher, last_read_message_id: answered },
    { conversation_id: group!.id, user_id: lucas, last_read_message_id: leaSaid },
    { conversation_id: group!.id, user_id: lea, last_read_message_id: leaSaid },
    { conversation_id: group!.id, user_id: jade, last_read_message_id: jadeAsked },
  ]);
  await tx.insert(notifications).values({
    institution_id: deps.institution('ulc'),
    user_id: lea,
    type: 'message',
    params: { author: 'Jade Faure', excerpt: 'Je fais les mesures de temps. Rendez-vous jeudi ?' },
    link: `/messages/${group!.id}`,
    notified_at: at(0, '08:10'),
    dedupe_key: `message:${jadeAsked}`,
  });
}

/**
 * Discussions of the L3's algorithms (decision 202): Léa's question, answered by a classmate and
 * by the teacher, whose answer is accepted; a thread of the teacher's that mentions Léa; and a
 * reply a classmate reported, waiting for the teacher.
 */
async function seedDiscussions(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey>; user: IdOf; subject: IdOf },
) {
  const at = (days: number, time: string) => instantOf(deps.now, 'ulc', days, time);
  const lea = deps.user('studentUni');
  const lucas = deps.user('lucas');
  const jade = deps.user('jade');
  const teacher = deps.user('teacherUni');
  const thread = (title: string, author: number, question: boolean, opened: Date, last: Date) => ({
    institution_id: deps.institution('ulc'),
    subject_id: deps.subject('algo'),
    author_id: author,
    title,
    is_question: question,
    opened_at: opened,
    last_activity_at: last,
  });
  const [question, revision] = await tx
    .insert(discussionThreads)
    .values([
      thread(
        'Pourquoi le tri rapide est-il en O(n²) au pire ?',
        lea,
        true,
        at(-2, '20:10'),
        at(-1, '09:05'),
      ),
      thread('Séance de révision avant l’examen', teacher, false, at(-1, '12:00'), at(-1, '18:40')),
    ])
    .returning({ id: discussionThreads.id });
  const post = (threadId: number, author: number, body: string, when: Date, opening = false) => ({
    thread_id: threadId,
    author_id: author,
    body,
    posted_at: when,
    is_opening: opening,
  });
  const [, , answer, , , reported] = await tx
    .insert(discussionPosts)
    .values([
      post(
        question!.id,
        lea,
        '<p>Le cours dit O(n log n) en moyenne, mais O(n²) au pire. Quel tableau donne ce pire cas ?</p>',
        at(-2, '20:10'),
        true,
      ),
      post(question!.id, lucas, '<p>Un tableau déjà trié, je crois ?</p>', at(-2, '21:02')),
      post(
        question!.id,
        teacher,
        '<p>Oui, avec le premier élément pour pivot : chaque partition ne retire qu’un élément, d’où <strong>n + (n − 1) + … + 1</strong> comparaisons. Un pivot tiré au hasard rend ce cas très improbable.</p>',
        at(-1, '09:05'),
      ),
      post(
        revision!.id,
        teacher,
        '<p>Une séance de révision aura lieu jeudi à 17 h en salle 204. Léa, pouvez-vous apporter vos exercices sur les tas ?</p>',
        at(-1, '12:00'),
        true,
      ),
      post(revision!.id, lea, '<p>Oui, je les apporte.</p>', at(-1, '12:30')),
      post(
        revision!.id,
        jade,
        '<p>Réponses de l’examen de l’an dernier : lien privé…</p>',
        at(-1, '18:40'),
      ),
    ])
    .returning({ id: discussionPosts.id });
  await tx
    .update(discussionThreads)
    .set({ accepted_post_id: answer!.id })
    .where(eq(discussionThreads.id, question!.id));
  const [revisionOpening] = await tx
    .select({ id: discussionPosts.id })
    .from(discussionPosts)
    .where(and(eq(discussionPosts.thread_id, revision!.id), eq(discussionPosts.is_opening, true)));
  await tx.insert(discussionMentions).values({ post_id: revisionOpening!.id, user_id: lea });
  await tx.insert(discussionSubscriptions).values([
    { thread_id: question!.id, user_id: lea, subscribed: true },
    { thread_id: question!.id, user_id: lucas, subscribed: true },
    { thread_id: question!.id, user_id: teacher, subscribed: true },
    { thread_id: revision!.id, user_id: teacher, subscribed: true },
    { thread_id: revision!.id, user_id: lea, subscribed: true },
  ]);
  await tx.insert(discussionReports).values({
    post_id: reported!.id,
    reporter_id: lucas,
    reason: 'Partage de réponses d’examen',
    reported_at: at(-1, '19:00'),
  });
  const notice = (
    user: number,
    type: string,
    params: Record<string, string>,
    link: string,
    when: Date,
  ) => ({
    institution_id: deps.institution('ulc'),
    user_id: user,
    type,
    params,
    link,
    notified_at: when,
  });
  await tx
    .insert(notifications)
    .values([
      notice(
        lea,
        'discussion_reply',
        { author: 'Thomas Lefèvre', title: 'Pourquoi le tri rapide est-il en O(n²) au pire ?' },
        `/discussions/${question!.id}#post-${answer!.id}`,
        at(-1, '09:05'),
      ),
      notice(
        lea,
        'mention',
        { author: 'Thomas Lefèvre', title: 'Séance de révision avant l’examen' },
        `/discussions/${revision!.id}#post-${revisionOpening!.id}`,
        at(-1, '12:00'),
      ),
      notice(
        teacher,
        'post_reported',
        { subject: 'Algorithmique', title: 'Séance de révision avant l’examen' },
        `/discussions/${revision!.id}#post-${reported!.id}`,
        at(-1, '19:00'),
      ),
    ]);
}
