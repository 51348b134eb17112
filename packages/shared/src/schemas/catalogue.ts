import { z } from 'zod';
import { institution } from './institutions.ts';
import { training } from './trainings.ts';

/** An institution as the public site shows it. */
export const publicInstitution = institution.pick({
  id: true,
  name: true,
  diminutive: true,
  kind: true,
  color_code: true,
  logo_link: true,
  url: true,
});
export type PublicInstitution = z.infer<typeof publicInstitution>;

/** A public, non-archived training of the catalogue (`GET /api/event/training`). */
export const publicTraining = training
  .pick({
    id: true,
    title: true,
    program: true,
    level: true,
    description: true,
    total_hours: true,
    cover_link: true,
  })
  .extend({ institution: publicInstitution });
export type PublicTraining = z.infer<typeof publicTraining>;

/** `GET /api/event/training/:id`: the card's fields, the modules and the institution's contact. */
export const publicTrainingDetails = publicTraining.extend({
  institution: publicInstitution.extend({
    address: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  modules: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() })),
  updated_at: z.string(),
});
export type PublicTrainingDetails = z.infer<typeof publicTrainingDetails>;
