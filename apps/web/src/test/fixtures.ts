import type { AuthInfo } from '../api/auth.ts';

/** A signed-in student's `GET /api/auth/info` answer. */
export const studentInfo: AuthInfo = {
  id: 7,
  first_name: 'Amina',
  last_name: 'Diallo',
  email: 'student@uni.skolar.test',
  gender: 'Mme',
  phone: null,
  picture_link: null,
  locale: 'fr',
  theme: 'light',
  roles: [{ name: 'student' }],
  institution: {
    id: 1,
    name: 'Université Skolar',
    diminutive: 'USK',
    color_code: '#7A1F5C',
    logo_link: null,
    url: null,
  },
};
