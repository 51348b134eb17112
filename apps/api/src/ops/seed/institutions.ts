import type { Tx } from '../../db/client.ts';
import type { institutions } from '../../db/schema/index.ts';
import { createInstitution } from './factories.ts';
import { DEMO_ZONES, type IdOf, type InstitutionKey, idsOf } from './keys.ts';

const INSTITUTIONS: Record<InstitutionKey, typeof institutions.$inferInsert> = {
  ulc: {
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
    timezone: DEMO_ZONES.ulc,
  },
  ehn: {
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
    timezone: DEMO_ZONES.ehn,
  },
  nla: {
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
    timezone: DEMO_ZONES.nla,
  },
};

/** A university (Lyon), a school (Bordeaux) and a society (Hamburg, in Berlin's zone). */
export async function seedInstitutions(tx: Tx): Promise<IdOf<InstitutionKey>> {
  const keys = Object.keys(INSTITUTIONS) as InstitutionKey[];
  const rows = [];
  for (const key of keys) rows.push(await createInstitution(tx, INSTITUTIONS[key]));
  return idsOf(keys, rows);
}
