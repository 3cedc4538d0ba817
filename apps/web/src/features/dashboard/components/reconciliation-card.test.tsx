import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '@keymarket/contracts/reconciliation';
import { mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { ReconciliationCard } from './reconciliation-card';

const failed: Reconciliation = {
  ok: false,
  checkedAt: '2026-03-01T09:00:00.000Z',
  checks: [
    {
      name: 'buckets_equal_ledger_sums',
      ok: false,
      detail: '1 bucket(s) differ from the sum of their ledger rows.',
      rows: [
        {
          user_id: '1c8f3c6a-4b65-4d7c-8e2f-3a4b5c6d7e8f',
          username: 'demo_reseller11',
          bucket: 'balance',
          bucket_cents: '2500',
          ledger_sum_cents: '2000',
        },
      ],
    },
    { name: 'keys_sold_once', ok: true, detail: 'Every key.', rows: [] },
  ],
};
const healthy: Reconciliation = {
  ok: true,
  checkedAt: '2026-03-02T09:00:00.000Z',
  checks: failed.checks.map((check) => ({ ...check, ok: true, rows: [] })),
};

describe('reconciliation card', () => {
  it('names the failing check and its first offending user, then runs the checks again', async () => {
    const fetchMock = mockApi({
      'GET /admin/reconciliation/last': okReply({ last: failed }),
      'POST /admin/reconciliation': okReply(healthy),
    });
    renderWithProviders(<ReconciliationCard />);
    const user = userEvent.setup();

    expect(await screen.findByText('1 of 2 checks fails')).toBeInTheDocument();
    expect(screen.getByText('Each bucket equals the sum of its ledger rows')).toBeInTheDocument();
    expect(
      screen.getByText(
        '@demo_reseller11 · bucket balance · bucket_cents 2500 · ledger_sum_cents 2000',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Checked /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('All 2 checks hold')).toBeInTheDocument();
    expect(screen.queryByText(/demo_reseller11/)).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([
      'GET /admin/reconciliation/last',
      'POST /admin/reconciliation',
    ]);
  });

  it('says when the checks have never run', async () => {
    mockApi({ 'GET /admin/reconciliation/last': okReply({ last: null }) });
    renderWithProviders(<ReconciliationCard />);
    expect(await screen.findByText(/^Not checked yet/)).toBeInTheDocument();
  });
});
