import type { Role } from './roles.ts';

/** The password of every demo account (the README's table of demo accounts). */
export const DEMO_PASSWORD = 'Skolar#2026';

export interface DemoAccount {
  role: Role;
  email: string;
  /** Diminutive of the account's institution; null for the super-admin. */
  institution: string | null;
}

/** The demo accounts (one per role and institution), in the order the login screen lists them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'super-admin', email: 'superadmin@skolar.test', institution: null },
  { role: 'admin', email: 'admin@uni.skolar.test', institution: 'ULC' },
  { role: 'admin', email: 'admin@school.skolar.test', institution: 'EHN' },
  { role: 'super-teacher', email: 'superteacher@uni.skolar.test', institution: 'ULC' },
  { role: 'teacher', email: 'teacher@uni.skolar.test', institution: 'ULC' },
  { role: 'teacher', email: 'teacher@school.skolar.test', institution: 'EHN' },
  { role: 'student', email: 'student@uni.skolar.test', institution: 'ULC' },
  { role: 'student', email: 'student@school.skolar.test', institution: 'EHN' },
];
