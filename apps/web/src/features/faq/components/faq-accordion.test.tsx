import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { aFaq } from '@/testing/fixtures';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { FaqSection } from './faq-section';

const first = aFaq();
const second = aFaq({
  id: 'd3e5f7a9-2b4c-4d6e-9f8a-0b1c2d3e4f5a',
  questionEn: 'Can I cancel an order?',
  questionFr: 'Puis-je annuler une commande ?',
  questionAr: 'هل يمكنني إلغاء طلب؟',
  answerEn: 'Yes, while it is pending.\nYou are refunded in full.',
  answerFr: 'Oui, tant qu’elle est en attente.',
  answerAr: 'نعم، ما دام قيد الانتظار.',
  position: 1,
});

describe('FAQ', () => {
  it('lists the questions in the server’s order, each answer closed', async () => {
    mockApi({ 'GET /faqs': okReply({ faqs: [first, second] }) });
    renderWithProviders(<FaqSection />);

    const questions = await screen.findAllByRole('button');
    expect(questions.map((button) => button.textContent)).toEqual([
      'How do I top up my balance?',
      'Can I cancel an order?',
    ]);
    // Each question is the button of a third-level heading.
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((h) => within(h).getByRole('button')),
    ).toEqual(questions);
    // Hidden: out of the accessibility tree until its question is opened.
    const regions = screen.getAllByRole('region', { hidden: true });
    for (const question of questions) {
      expect(question).toHaveAttribute('aria-expanded', 'false');
      const answer = regions.find((region) => region.id === question.getAttribute('aria-controls'));
      expect(answer).toHaveAttribute('aria-labelledby', question.id);
      expect(answer).not.toBeVisible();
      expect(screen.queryByRole('region', { name: question.textContent })).toBeNull();
    }
  });

  it('opens and closes an answer with the mouse and the keyboard', async () => {
    mockApi({ 'GET /faqs': okReply({ faqs: [first, second] }) });
    renderWithProviders(<FaqSection />);
    const user = userEvent.setup();

    const cancel = await screen.findByRole('button', { name: 'Can I cancel an order?' });
    await user.click(cancel);
    expect(cancel).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'Can I cancel an order?' });
    expect(answer).toHaveTextContent('Yes, while it is pending. You are refunded in full.');
    expect(cancel).toHaveAttribute('aria-controls', answer.id);

    await user.keyboard('{Enter}');
    expect(cancel).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Can I cancel an order?' })).toBeNull();

    // Arrow keys move between the questions, wrapping around; Space opens one.
    await user.keyboard('{ArrowDown}');
    const topUp = screen.getByRole('button', { name: 'How do I top up my balance?' });
    expect(topUp).toHaveFocus();
    await user.keyboard(' ');
    expect(topUp).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(topUp).toHaveFocus();
  });

  it('speaks the UI language', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /faqs': okReply({ faqs: [first, second] }) });
    renderWithProviders(<FaqSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'كيف أشحن رصيدي؟' }));
    expect(screen.getByRole('region', { name: 'كيف أشحن رصيدي؟' })).toHaveTextContent(
      'اطلب ذلك من العضو الذي دعاك.',
    );
    expect(screen.getByRole('button', { name: 'هل يمكنني إلغاء طلب؟' })).toBeInTheDocument();
  });

  it('says when there is no question yet', async () => {
    mockApi({ 'GET /faqs': okReply({ faqs: [] }) });
    renderWithProviders(<FaqSection />);

    expect(await screen.findByText('No question has been published yet.')).toBeInTheDocument();
  });

  it('offers a retry when the FAQ cannot be loaded', async () => {
    mockApi({ 'GET /faqs': errorReply('maintenance') });
    renderWithProviders(<FaqSection />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load results. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
