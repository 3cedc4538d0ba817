import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Faq } from '@keymarket/contracts/settings';
import { updateFaq } from './update-faq';
import { queryKeys } from '@/lib/query-keys';

/** `faqs` with the one at `index` moved by `offset` places (−1 up, +1 down). */
export function moveFaq(faqs: readonly Faq[], index: number, offset: -1 | 1): Faq[] {
  const target = index + offset;
  if (target < 0 || target >= faqs.length) return [...faqs];
  const moved = [...faqs];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/**
 * Reordering is editing positions (there is no reorder call): every FAQ takes its index in
 * `ordered` as position. Only those whose position changes are sent, so a move between two
 * neighbours with distinct positions costs two calls; FAQs created with equal positions are
 * renumbered the first time.
 */
export function reorderFaqs(ordered: readonly Faq[]) {
  const changed = ordered.flatMap((faq, position) =>
    faq.position === position ? [] : [{ faq, position }],
  );
  return Promise.all(
    changed.map(({ faq, position }) =>
      updateFaq({
        id: faq.id,
        faq: {
          questionEn: faq.questionEn,
          questionFr: faq.questionFr,
          questionAr: faq.questionAr,
          answerEn: faq.answerEn,
          answerFr: faq.answerFr,
          answerAr: faq.answerAr,
          position,
        },
      }),
    ),
  );
}

export function useReorderFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderFaqs,
    onMutate: async (ordered) => {
      // Shown in the new order at once; the refetch below settles what the server holds.
      await queryClient.cancelQueries({ queryKey: queryKeys.faqs });
      queryClient.setQueryData(queryKeys.faqs, { faqs: [...ordered] });
    },
    // A failed call may leave some positions changed: the server's order is the truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.faqs }),
  });
}
