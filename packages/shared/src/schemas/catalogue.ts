import { z } from 'zod';

/** An institution as the public site shows it. */
export const publicInstitution = z.object({
  id: z.number().int(),
  name: z.string(),
  diminutive: z.string().nullable(),
  kind: z.enum(['university', 'school', 'society']),
  color_code: z.string(),
  logo_link: z.string().nullable(),
  url: z.string(),
});
export type PublicInstitution = z.infer<typeof publicInstitution>;

/** A public, non-archived training of the catalogue (`GET /api/event/training`). */
export const publicTraining = z.object({
  id: z.number().int(),
  title: z.string(),
  program: z.string(),
  level: z.string(),
  description: z.string(),
  total_hours: z.number().int(),
  cover_link: z.string().nullable(),
  institution: publicInstitution,
});
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
