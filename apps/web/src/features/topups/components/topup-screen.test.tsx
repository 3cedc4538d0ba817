import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Topup, TopupMethod } from '@keymarket/contracts/topups';
import { stubXhr } from '@/testing/fake-xhr';
import { mockApi, okReply } from '@/testing/mock-api';
import { findByRoleShowing } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render-app';
import { topupPage as page, pendingTopup } from './topup-fixtures';
import { TopupScreen } from './topup-screen';

const method: TopupMethod = {
  id: '6b0c2f4e-1a3d-4c5b-8e7f-9a0b1c2d3e4f',
  nameEn: 'Bank transfer (EUR)',
  nameFr: 'Virement (EUR)',
  nameAr: 'تحويل بنكي',
  instructionsEn: 'IBAN FR76 3000 6000',
  instructionsFr: 'IBAN FR76 3000 6000',
  instructionsAr: 'IBAN FR76 3000 6000',
  kind: 'manual',
  currencyCode: 'EUR',
  minAmount: 10,
  maxAmount: 5000,
  feePercent: 2.5,
  feeFixed: 0.3,
  proofRequired: false,
  enabled: true,
  rateToUSD: 0.92,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const pending = pendingTopup;

describe('Top up screen', () => {
  it('shows the methods with their instructions and the USD credited as the amount is typed', async () => {
    mockApi({
      'GET /topup-methods': okReply({ data: [method] }),
      'GET /topups': okReply(page([])),
    });
    renderWithProviders(<TopupScreen />);

    expect(await screen.findByText('IBAN FR76 3000 6000')).toBeInTheDocument();
    expect(
      screen.getByText(/From \u206610\.00\sEUR\u2069 to \u20665000\.00\sEUR\u2069/),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (EUR)'), '100');
    // fee = 100 × 2.5 % + 0.30 = 2.80; (100 − 2.80) ÷ 0.92 = 105.652… → $105.65
    expect(await screen.findByText('Credited to your balance: $105.65')).toBeInTheDocument();
    expect(
      screen.getByText(/^Fee \u20662\.80\sEUR\u2069, credited \$105\.65$/),
    ).toBeInTheDocument();
    expect(screen.getByText('You have made no request yet.')).toBeInTheDocument();
  });

  it('sends the request with its proof, shows the upload progress, then lists it', async () => {
    let mine: Topup[] = [];
    mockApi({
      'GET /topup-methods': okReply({ data: [method] }),
      'GET /topups': () => okReply(page(mine)),
    });
    const uploads = stubXhr();
    renderWithProviders(<TopupScreen />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (EUR)'), '100');
    await user.type(screen.getByLabelText('Reference'), 'WIRE 42');
    // The picker speaks the reader's language, not the browser's, and names the file chosen.
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    const receipt = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Proof of payment'), receipt);
    expect(screen.getByText('receipt.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    const [upload] = uploads;
    expect(upload!.url).toMatch(/\/topups$/);
    expect(upload!.formField('amount')).toBe('100');
    expect(upload!.formField('reference')).toBe('WIRE 42');
    expect((upload!.formField('proof') as File).name).toBe('receipt.pdf');
    act(() => upload!.progress(50, 100));
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    mine = [pending];
    act(() => upload!.respond(201, pending));
    expect(await screen.findByText('Request sent: your funder will decide it')).toBeInTheDocument();
    const row = (await screen.findAllByRole('row')).find(
      (r) => r.textContent.includes('WIRE') || r.textContent.includes('105.65'),
    );
    expect(row).toBeDefined();
    expect(within(row!).getByText('Pending')).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("lists a rejected request with its funder's reason under its status", async () => {
    const reason = 'No transfer with this reference reached our account';
    mockApi({
      'GET /topup-methods': okReply({ data: [method] }),
      'GET /topups': okReply(page([{ ...pending, status: 'rejected', reason }])),
    });
    renderWithProviders(<TopupScreen />);
    const row = await findByRoleShowing('row', 'Rejected');
    // Isolated in its own direction, aligned as the page's values are.
    expect(within(row).getByText(reason).tagName).toBe('BDI');
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
