/** The password of every user the factories create (hashed once per test file). */
export const TEST_PASSWORD = 'Corr3ct#Horse';
