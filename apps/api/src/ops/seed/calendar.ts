import type { Tx } from '../../db/client.ts';
import { eventExceptions, events } from '../../db/schema/index.ts';
import { originalStarts, toRrule } from '../../modules/calendar/recurrence.ts';
import { mondayOf, plusDays, zonedInstant } from '../../time.ts';
import {
  DEMO_ZONES,
  type IdOf,
  type InstitutionKey,
  instantOf,
  type PromotionKey,
} from './keys.ts';

/**
 * Events of the coming days, for each audience: personal, group, promotion, institution; and the
 * L3's weekly algorithms class from this week's Monday, one class moved and one cancelled.
 */
export async function seedCalendar(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    user: IdOf;
    promotion: IdOf<PromotionKey>;
    group: IdOf;
  },
): Promise<void> {
  const at = (institution: InstitutionKey, days: number, time: string) =>
    instantOf(deps.now, institution, days, time);
  const allDay = (institution: InstitutionKey, dayOffset: number) => ({
    starts_at: at(institution, dayOffset, '00:00'),
    ends_at: at(institution, dayOffset + 1, '00:00'),
    all_day: true,
  });
  await tx.insert(events).values([
    {
      institution_id: null,
      owner_id: deps.user('superadmin'),
      title: 'Point mensuel de la plateforme',
      starts_at: at('ulc', 3, '09:30'),
      ends_at: at('ulc', 3, '10:00'),
      color_code: '#144E5E',
      audience: 'personal',
    },
    {
      institution_id: deps.institution('ulc'),
      owner_id: deps.user('teacherUni'),
      title: 'Réunion pédagogique L3',
      description: 'Bilan du premier partiel et calendrier des projets.',
      starts_at: at('ulc', 1, '10:00'),
      ends_at: at('ulc', 1, '11:00'),
      color_code: '#1F5F8B',
      audience: 'personal',
    },
    {
      institution_id: deps.institution('ulc'),
      owner_id: deps.user('teacherUni'),
      title: 'Séance de soutien en algorithmique',
      starts_at: at('ulc', 2, '16:00'),
      ends_at: at('ulc', 2, '17:30'),
      color_code: '#3A86FF',
      audience: 'group',
      audience_id: deps.group('tdA'),
    },
    {
      institution_id: deps.institution('ulc'),
      owner_id: deps.user('adminUni'),
      title: 'Forum entreprises',
      description: 'Une trentaine d’entreprises présentent leurs offres de stage et d’alternance.',
      starts_at: at('ulc', 5, '13:00'),
      ends_at: at('ulc', 5, '17:00'),
      color_code: '#E76F51',
      audience: 'promotion',
      audience_id: deps.promotion('ulcL3'),
    },
    {
      institution_id: deps.institution('ulc'),
      owner_id: deps.user('adminUni'),
      title: 'Journée portes ouvertes',
      ...allDay('ulc', 12),
      color_code: '#F2C14E',
      audience: 'institution',
      audience_id: deps.institution('ulc'),
    },
    {
      institution_id: deps.institution('ulc'),
      owner_id: deps.user('studentUni'),
      title: 'Révisions : bases de données',
      starts_at: at('ulc', 6, '18:00'),
      ends_at: at('ulc', 6, '20:00'),
      color_code: '#2A9D8F',
      audience: 'personal',
    },
    {
      institution_id: deps.institution('ehn'),
      owner_id: deps.user('adminSchool'),
      title: 'Hackathon de rentrée',
      ...allDay('ehn', 15),
      color_code: '#F2C14E',
      audience: 'institution',
      audience_id: deps.institution('ehn'),
    },
  ]);
  await seedWeeklyClass(tx, deps);
}

/** Mondays and Thursdays 09:00–10:30, twelve times; the third class moved, the fourth cancelled. */
async function seedWeeklyClass(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey>; user: IdOf; promotion: IdOf<PromotionKey> },
) {
  const zone = DEMO_ZONES.ulc;
  const monday = mondayOf(deps.now, zone);
  const timing = {
    starts_at: zonedInstant(monday, '09:00', zone),
    ends_at: zonedInstant(monday, '10:30', zone),
    recurrence: toRrule({ weekdays: ['MO', 'TH'], until: null, count: 12 }, zone),
  };
  const [series] = await tx
    .insert(events)
    .values({
      institution_id: deps.institution('ulc'),
      owner_id: deps.user('teacherUni'),
      title: "Cours d'algorithmique",
      description: 'Amphi B. Graphes, parcours et plus courts chemins.',
      ...timing,
      color_code: '#1F5F8B',
      audience: 'promotion',
      audience_id: deps.promotion('ulcL3'),
    })
    .returning({ id: events.id });
  const starts = originalStarts({ ...timing, exceptions: [] }, zone);
  await tx.insert(eventExceptions).values([
    {
      // Next week's Monday class moves to Tuesday afternoon.
      event_id: series!.id,
      original_start: starts[2]!,
      cancelled: false,
      starts_at: zonedInstant(plusDays(monday, 8), '14:00', zone),
      ends_at: zonedInstant(plusDays(monday, 8), '15:30', zone),
    },
    { event_id: series!.id, original_start: starts[3]!, cancelled: true },
  ]);
}
