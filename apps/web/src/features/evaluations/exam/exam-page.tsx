/** `/start-evaluation/:id/:token`: the student's exam, clocked by the server. */
export function ExamPage() {
  return null;
}
