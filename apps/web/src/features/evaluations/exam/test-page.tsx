/** `/test/:id`: a student takes the test; staff preview it with its answer key. */
export function TestPage() {
  return null;
}
