import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Faq } from '@keymarket/contracts/settings';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { FaqsSection } from './faqs-section';
import { aFaq, bodiesSentTo } from './settings-fixtures';

const buying = aFaq({ questionEn: 'How do I buy?', position: 0 });
const paying = aFaq({
  questionEn: 'How do I pay?',
  questionFr: 'Comment payer ?',
  questionAr: 'كيف أدفع؟',
  position: 1,
});

/** A server that keeps the FAQs and their positions, as the real one does. */
function faqServer(initial: Faq[]) {
  let faqs = initial;
  const handlers = Object.fromEntries(
    initial.map((faq) => [
      `PUT /faqs/${faq.id}`,
      () => {
        const sent = bodiesSentTo(fetchMock, `PUT /faqs/${faq.id}`).at(-1) as Partial<Faq>;
        faqs = faqs.map((row) => (row.id === faq.id ? { ...row, ...sent } : row));
        return okReply(faqs.find((row) => row.id === faq.id));
      },
    ]),
  );
  const fetchMock = mockApi({
    'GET /faqs': () => okReply({ faqs: [...faqs].sort((a, b) => a.position - b.position) }),
    ...handlers,
  });
  return fetchMock;
}

function questionsShown() {
  const list = screen.getByRole('list', { name: 'FAQs' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);
}

describe('FAQs section', { timeout: 20_000 }, () => {
  it('lists the questions in order and moves one down', async () => {
    const fetchMock = faqServer([buying, paying]);
    renderWithProviders(<FaqsSection />);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Questions (2)' })).toBeInTheDocument();
    expect(questionsShown()).toEqual(['How do I buy?', 'How do I pay?']);
    expect(screen.getByRole('button', { name: 'Move “How do I buy?” up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move “How do I pay?” down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move “How do I buy?” down' }));

    expect(await screen.findByText('Order saved')).toBeInTheDocument();
    expect(questionsShown()).toEqual(['How do I pay?', 'How do I buy?']);
    expect(bodiesSentTo(fetchMock, `PUT /faqs/${buying.id}`)).toEqual([
      expect.objectContaining({ position: 1 }),
    ]);
    expect(bodiesSentTo(fetchMock, `PUT /faqs/${paying.id}`)).toEqual([
      expect.objectContaining({ position: 0 }),
    ]);
  });

  it('adds a question in three languages, without a position (it goes last)', async () => {
    const fetchMock = mockApi({
      'GET /faqs': okReply({ faqs: [] }),
      'POST /faqs': okReply(aFaq(), 201),
    });
    renderWithProviders(<FaqsSection />);
    const user = userEvent.setup();

    expect(await screen.findByText('No question yet. Add the first one above.')).toBeVisible();
    await user.type(screen.getByLabelText('Question in English'), 'Can I get a refund?');
    await user.type(screen.getByLabelText('Question in French'), 'Puis-je être remboursé ?');
    await user.type(screen.getByLabelText('Question in Arabic'), 'هل يمكنني استرداد المبلغ؟');
    await user.type(screen.getByLabelText('Answer in English'), 'Yes, when an order is rejected.');
    await user.type(screen.getByLabelText('Answer in French'), 'Oui, si la commande est refusée.');
    await user.type(screen.getByLabelText('Answer in Arabic'), 'نعم، عند رفض الطلب.');
    await user.click(screen.getByRole('button', { name: 'Add question' }));

    expect(await screen.findByText('Question added')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /faqs')).toEqual([
      {
        questionEn: 'Can I get a refund?',
        questionFr: 'Puis-je être remboursé ?',
        questionAr: 'هل يمكنني استرداد المبلغ؟',
        answerEn: 'Yes, when an order is rejected.',
        answerFr: 'Oui, si la commande est refusée.',
        answerAr: 'نعم، عند رفض الطلب.',
      },
    ]);
  });

  it('refuses a question without its answers', async () => {
    const fetchMock = mockApi({ 'GET /faqs': okReply({ faqs: [] }) });
    renderWithProviders(<FaqsSection />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Question in English'), 'Half a question');
    await user.click(screen.getByRole('button', { name: 'Add question' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(5);
    expect(requestedPaths(fetchMock)).not.toContain('POST /faqs');
  });

  it('edits the texts of a question and keeps its place', async () => {
    const fetchMock = mockApi({
      'GET /faqs': okReply({ faqs: [buying, paying] }),
      [`PUT /faqs/${paying.id}`]: okReply({ ...paying, questionEn: 'How can I pay?' }),
    });
    renderWithProviders(<FaqsSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit “How do I pay?”' }));
    expect(screen.getByRole('heading', { name: 'Edit question' })).toBeInTheDocument();
    const question = screen.getByLabelText('Question in English');
    expect(question).toHaveValue('How do I pay?');
    expect(question).toHaveFocus();
    await user.clear(question);
    await user.type(question, 'How can I pay?');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    expect(await screen.findByText('Question updated')).toBeInTheDocument();
    const [sent] = bodiesSentTo(fetchMock, `PUT /faqs/${paying.id}`);
    expect(sent).toEqual({
      questionEn: 'How can I pay?',
      questionFr: paying.questionFr,
      questionAr: paying.questionAr,
      answerEn: paying.answerEn,
      answerFr: paying.answerFr,
      answerAr: paying.answerAr,
    });
    expect(await screen.findByRole('heading', { name: 'New question' })).toBeInTheDocument();
  });

  it('deletes a question after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /faqs': okReply({ faqs: [buying] }),
      [`DELETE /faqs/${buying.id}`]: okReply({ ok: true }),
    });
    renderWithProviders(<FaqsSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete “How do I buy?”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this question?' });
    expect(dialog).toHaveTextContent('“How do I buy?” will no longer appear on the FAQ page.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Question deleted')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /faqs/${buying.id}`);
  });
});
