import { describe, expect, it } from 'vitest';
import { mockApi, okReply } from '@/testing/mock-api';
import { aFaq, bodiesSentTo } from '../components/settings-fixtures';
import { moveFaq, reorderFaqs } from './reorder-faqs';

describe('FAQ reordering', () => {
  const first = aFaq({ questionEn: 'First', position: 0 });
  const second = aFaq({ questionEn: 'Second', position: 1 });
  const third = aFaq({ questionEn: 'Third', position: 2 });

  it('moves one FAQ by one place, and nothing past either end', () => {
    expect(moveFaq([first, second, third], 2, -1)).toEqual([first, third, second]);
    expect(moveFaq([first, second, third], 0, 1)).toEqual([second, first, third]);
    expect(moveFaq([first, second, third], 0, -1)).toEqual([first, second, third]);
    expect(moveFaq([first, second, third], 2, 1)).toEqual([first, second, third]);
  });

  it('sends only the FAQs whose position changes, each with its texts', async () => {
    const fetchMock = mockApi({
      [`PUT /faqs/${second.id}`]: okReply({ ...second, position: 2 }),
      [`PUT /faqs/${third.id}`]: okReply({ ...third, position: 1 }),
    });

    await reorderFaqs(moveFaq([first, second, third], 2, -1));

    expect(bodiesSentTo(fetchMock, `PUT /faqs/${first.id}`)).toEqual([]);
    expect(bodiesSentTo(fetchMock, `PUT /faqs/${third.id}`)).toEqual([
      expect.objectContaining({ questionEn: 'Third', answerAr: third.answerAr, position: 1 }),
    ]);
    expect(bodiesSentTo(fetchMock, `PUT /faqs/${second.id}`)).toEqual([
      expect.objectContaining({ questionEn: 'Second', position: 2 }),
    ]);
  });

  it('renumbers FAQs that were created with the same position', async () => {
    const a = aFaq({ position: 5 });
    const b = aFaq({ position: 5 });
    const fetchMock = mockApi({
      [`PUT /faqs/${a.id}`]: okReply(a),
      [`PUT /faqs/${b.id}`]: okReply(b),
    });

    await reorderFaqs(moveFaq([a, b], 0, 1));

    expect(bodiesSentTo(fetchMock, `PUT /faqs/${b.id}`)).toEqual([
      expect.objectContaining({ position: 0 }),
    ]);
    expect(bodiesSentTo(fetchMock, `PUT /faqs/${a.id}`)).toEqual([
      expect.objectContaining({ position: 1 }),
    ]);
  });
});
