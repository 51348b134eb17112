/** `/quizz`: the online tests available to the user. */
export function QuizzesPage() {
  return null;
}
