/** Two random digits 0-9 whose sum the visitor types in (000 §5, §9). */
export type SecurityQuestion = { a: number; b: number };

export function createSecurityQuestion(random: () => number = Math.random): SecurityQuestion {
  const digit = () => Math.min(9, Math.floor(random() * 10));
  return { a: digit(), b: digit() };
}

export function isCorrectAnswer(question: SecurityQuestion, answer: string): boolean {
  const trimmed = answer.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) === question.a + question.b;
}
