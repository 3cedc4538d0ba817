import type { Faq } from '@keymarket/contracts/settings';

/** A FAQ's question and answer in the UI language, English for any other language. */
export function localisedFaq(faq: Faq, language: string): { question: string; answer: string } {
  if (language.startsWith('fr')) return { question: faq.questionFr, answer: faq.answerFr };
  if (language.startsWith('ar')) return { question: faq.questionAr, answer: faq.answerAr };
  return { question: faq.questionEn, answer: faq.answerEn };
}
