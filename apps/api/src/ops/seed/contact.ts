import type { Tx } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';
import type { IdOf, InstitutionKey } from './keys.ts';

/** A prospect's demo request and a signed-in student's support request. */
export async function seedContactRequests(
  tx: Tx,
  deps: { institution: IdOf<InstitutionKey>; user: IdOf },
): Promise<void> {
  await tx.insert(contactRequests).values([
    {
      first_name: 'Antoine',
      last_name: 'Mallet',
      email: 'antoine.mallet@lycee-pasteur.example',
      phone: '+33 6 98 76 54 32',
      need: 'demo',
      object: 'Démonstration pour notre lycée',
      message:
        'Bonjour, nous cherchons une plateforme pour gérer les évaluations de nos BTS. Serait-il possible d’organiser une démonstration le mois prochain ?',
    },
    {
      first_name: 'Léa',
      last_name: 'Dubois',
      email: 'student@uni.skolar.test',
      phone: '+33 6 12 34 56 78',
      need: 'support',
      object: 'Relevé de notes',
      message:
        'Bonjour, la note de mon partiel d’algorithmique a été corrigée : est-ce que mon relevé est à jour ?',
      user_id: deps.user('studentUni'),
      institution_id: deps.institution('ulc'),
    },
  ]);
}
