export * from './access.ts';
export * from './demo.ts';
export * from './roles.ts';
export * from './rules/colour.ts';
export * from './rules/password.ts';
export * from './schemas/account.ts';
export * from './schemas/auth.ts';
