import type { Tx } from '../client.ts';
import { events } from '../schema/index.ts';
import { type IdOf, type InstitutionKey, instantOf, type PromotionKey } from './keys.ts';

/** Events of the coming days, for each audience: personal, group, promotion, institution. */
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
}
