import type { z } from 'zod';
import { FAQ_POSITION_MAX, type Faq, type faqInputSchema } from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { writeAudit } from '../ledger/ledger.repository';
import {
  deleteFaq,
  findFaq,
  insertFaq,
  listFaqs,
  nextFaqPosition,
  updateFaq,
  type FaqRow,
} from './faqs.repository';

type FaqInput = z.output<typeof faqInputSchema>;

export class FaqsService {
  constructor(private readonly db: Database) {}

  async list(): Promise<{ faqs: Faq[] }> {
    return { faqs: (await listFaqs(this.db)).map(faqView) };
  }

  async create(caller: AuthContext, input: FaqInput): Promise<Faq> {
    requireAdmin(caller);
    return this.db.transaction(async (tx) => {
      const position = input.position ?? Math.min(await nextFaqPosition(tx), FAQ_POSITION_MAX);
      const row = await insertFaq(tx, { ...input, position });
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'faq.create',
        targetType: 'faq',
        targetId: row.id,
        after: faqView(row),
      });
      return faqView(row);
    });
  }

  /** Replaces the texts; `position` left out keeps the FAQ where it is. */
  async update(caller: AuthContext, id: string, input: FaqInput): Promise<Faq> {
    requireAdmin(caller);
    const before = await findFaq(this.db, id);
    if (!before) throw notFound('FAQ');
    return this.db.transaction(async (tx) => {
      const row = await updateFaq(tx, id, input);
      if (!row) throw notFound('FAQ');
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'faq.update',
        targetType: 'faq',
        targetId: id,
        before: faqView(before),
        after: faqView(row),
      });
      return faqView(row);
    });
  }

  async remove(caller: AuthContext, id: string) {
    requireAdmin(caller);
    await this.db.transaction(async (tx) => {
      const row = await deleteFaq(tx, id);
      if (!row) throw notFound('FAQ');
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'faq.delete',
        targetType: 'faq',
        targetId: id,
        before: faqView(row),
      });
    });
    return { ok: true as const };
  }
}

const faqView = (row: FaqRow): Faq => ({
  id: row.id,
  questionEn: row.questionEn,
  questionFr: row.questionFr,
  questionAr: row.questionAr,
  answerEn: row.answerEn,
  answerFr: row.answerFr,
  answerAr: row.answerAr,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
