import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Delivery, Webhook } from '@keymarket/contracts/integration';
import { messageTemplates } from '@keymarket/contracts/messages';
import { bodyText, errorReply, mockApi, okReply, requestedPaths, urlOf } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { WebhooksScreen } from './webhooks-screen';

/** The server's answer when its URL guard refuses the endpoint's URL, with `message`. */
const urlRefused = (message: string) => ({
  status: 400,
  body: {
    statusCode: 400,
    message: { type: 'validation', text: 'Some fields are not valid' },
    details: [{ path: 'body.url', message }],
  },
});

const SECRET = `whsec_${'Q7w8E9r0T1'.repeat(3)}Zz`;
const endpoint: Webhook = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  url: 'https://shop.example/hooks',
  description: 'Shop backend',
  events: ['order.created', 'order.completed'],
  enabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  disabledForFailuresAt: null,
};
const failedDelivery: Delivery = {
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  eventId: 'evt_4b3a2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d',
  event: 'order.completed',
  status: 'failed',
  attempts: 8,
  lastStatusCode: 502,
  lastError: 'The endpoint answered 502',
  nextAttemptAt: null,
  createdAt: '2026-11-23T09:00:00.000Z',
  deliveredAt: null,
  payload: {
    id: 'evt_4b3a2c1d-0e9f-4a8b-8c7d-6e5f4a3b2c1d',
    type: 'order.completed',
    data: { order: { id: 'ord-1', productName: 'Steam 20 USD' } },
  },
};
const ping: Delivery = {
  ...failedDelivery,
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  event: 'ping',
  status: 'succeeded',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: '2026-11-24T10:00:01.000Z',
  payload: { type: 'ping' },
};

function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => init?.method === method && urlOf(input).endsWith(path),
  );
  return call ? JSON.parse(bodyText(call[1]?.body)) : undefined;
}

describe('webhooks screen', () => {
  it('adds a webhook with the checked events and shows its secret once, with a copy button', async () => {
    let webhooks: Webhook[] = [];
    const fetchMock = mockApi({
      'GET /webhooks': () => okReply({ data: webhooks }),
      'POST /webhooks': () => {
        webhooks = [{ ...endpoint, events: ['order.completed', 'balance.credited'] }];
        return okReply({ ...webhooks[0], secret: SECRET }, 201);
      },
    });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<WebhooksScreen />);

    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    // Pasted rather than typed key by key: what matters is the body sent.
    await user.click(screen.getByLabelText('URL'));
    await user.paste('https://shop.example/hooks');
    await user.click(screen.getByLabelText('Description'));
    await user.paste('Shop backend');
    await user.click(screen.getByRole('checkbox', { name: /order\.completed/ }));
    await user.click(screen.getByRole('checkbox', { name: /balance\.credited/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/webhooks')).toEqual({
      url: 'https://shop.example/hooks',
      events: ['order.completed', 'balance.credited'],
      description: 'Shop backend',
    });
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    const row = (await screen.findAllByRole('row')).find((r) => r.textContent.includes('Shop'));
    expect(row).toHaveTextContent('balance.credited');
    expect(row).toHaveTextContent('Enabled');
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('asks for an event before calling the server, and words the URL guard refusal', async () => {
    const fetchMock = mockApi({
      'GET /webhooks': okReply({ data: [] }),
      'POST /webhooks': () =>
        urlRefused(
          '10.0.0.5 is a private, loopback or reserved address: webhooks are sent to public addresses only',
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByLabelText('URL'));
    await user.paste('https://10.0.0.5/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Choose at least one event')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).not.toContain('POST /webhooks');

    await user.click(screen.getByRole('checkbox', { name: /order\.created/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(
      await screen.findByText('This URL cannot receive webhooks: use https and a public address.'),
    ).toBeInTheDocument();
  });

  it('asks to check a host name that resolves to nothing, naming it', async () => {
    mockApi({
      'GET /webhooks': okReply({ data: [] }),
      'POST /webhooks': () =>
        urlRefused(messageTemplates.webhookHostUnresolved.text({ host: 'shop.exmaple.com' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByLabelText('URL'));
    await user.paste('https://shop.exmaple.com/hook');
    await user.click(screen.getByRole('checkbox', { name: /order\.created/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(
      await screen.findByText(
        'The name shop.exmaple.com could not be found: check the address for a typo.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('This URL cannot receive webhooks: use https and a public address.'),
    ).not.toBeInTheDocument();
  });

  it('says why an endpoint was turned off, and turns it back on', async () => {
    let webhooks: Webhook[] = [
      { ...endpoint, enabled: false, disabledForFailuresAt: '2026-11-22T08:00:00.000Z' },
    ];
    const fetchMock = mockApi({
      'GET /webhooks': () => okReply({ data: webhooks }),
      [`PATCH /webhooks/${endpoint.id}`]: () => {
        webhooks = [endpoint];
        return okReply(endpoint);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    expect(await screen.findByText('Turned off after failures')).toBeInTheDocument();
    expect(screen.getByText(/every delivery failed for 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Send test to ${endpoint.url}` })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: `Enable ${endpoint.url}` }));
    expect(await screen.findByText('Enabled')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/webhooks/${endpoint.id}`)).toEqual({ enabled: true });
    expect(screen.queryByText('Turned off after failures')).not.toBeInTheDocument();
  });

  it('edits the events of an endpoint', async () => {
    let webhooks = [endpoint];
    const fetchMock = mockApi({
      'GET /webhooks': () => okReply({ data: webhooks }),
      [`PATCH /webhooks/${endpoint.id}`]: () => {
        webhooks = [
          { ...endpoint, events: ['order.created', 'order.completed', 'order.rejected'] },
        ];
        return okReply(webhooks[0]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByRole('button', { name: `Edit ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: /order\.created/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /order\.rejected/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(screen.getByRole('table')).findByText('order.rejected'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/webhooks/${endpoint.id}`)).toEqual({
      url: endpoint.url,
      events: ['order.created', 'order.completed', 'order.rejected'],
    });
  });

  it('sends a test, opens the delivery log, filters it, shows a payload and retries a failed delivery', async () => {
    let deliveries: Delivery[] = [failedDelivery];
    const fetchMock = mockApi({
      'GET /webhooks': okReply({ data: [endpoint] }),
      [`POST /webhooks/${endpoint.id}/test`]: () => {
        deliveries = [ping, failedDelivery];
        return okReply(ping, 202);
      },
      [`GET /webhooks/${endpoint.id}/deliveries`]: () =>
        okReply({
          data: deliveries,
          pagination: { page: 1, limit: 10, total: deliveries.length, totalPages: 1 },
        }),
      [`POST /webhooks/${endpoint.id}/deliveries/${failedDelivery.id}/retry`]: () => {
        deliveries = [ping, { ...failedDelivery, status: 'pending', attempts: 0 }];
        return okReply(deliveries[1]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByRole('button', { name: `Send test to ${endpoint.url}` }));
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    expect(await within(log).findByText('ping')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`POST /webhooks/${endpoint.id}/test`);

    const failedRow = within(log)
      .getAllByRole('row')
      .find((row) => row.textContent.includes('order.completed'));
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('8/8');
    expect(failedRow).toHaveTextContent('502');
    expect(failedRow).toHaveTextContent('The endpoint answered 502');
    // A delivered one has nothing to retry.
    expect(within(log).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);

    await user.selectOptions(within(log).getByLabelText('Delivery status'), 'failed');
    const urls = fetchMock.mock.calls.map(([input]) => urlOf(input));
    expect(urls.some((url) => url.includes('/deliveries') && url.includes('status=failed'))).toBe(
      true,
    );

    await user.click(within(log).getByRole('button', { name: /^Payload of the order\.completed/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('"productName": "Steam 20 USD"');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(log).getByRole('button', { name: /^Retry the order\.completed/ }));
    expect(await within(within(log).getByRole('table')).findByText('Pending')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(
      `POST /webhooks/${endpoint.id}/deliveries/${failedDelivery.id}/retry`,
    );
  });

  it('deletes an endpoint after asking', async () => {
    let webhooks = [endpoint];
    const fetchMock = mockApi({
      'GET /webhooks': () => okReply({ data: webhooks }),
      [`DELETE /webhooks/${endpoint.id}`]: () => {
        webhooks = [];
        return { status: 204, body: null };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByRole('button', { name: `Delete ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('its delivery log is deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`DELETE /webhooks/${endpoint.id}`);
  });

  it('replaces the signing secret after asking, and shows the new one once with a copy button', async () => {
    const NEW_SECRET = `whsec_${'n3W5eCr3t7'.repeat(3)}Ab`;
    const fetchMock = mockApi({
      'GET /webhooks': okReply({ data: [endpoint] }),
      [`POST /webhooks/${endpoint.id}/secret`]: okReply({ ...endpoint, secret: NEW_SECRET }),
    });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByRole('button', { name: `New secret for ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Replace the signing secret?');
    expect(dialog).toHaveTextContent('stops working at once');
    expect(requestedPaths(fetchMock)).not.toContain(`POST /webhooks/${endpoint.id}/secret`);
    await user.click(within(dialog).getByRole('button', { name: 'Replace secret' }));

    expect(await screen.findByText(NEW_SECRET)).toBeInTheDocument();
    expect(screen.getAllByText(NEW_SECRET)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      requestedPaths(fetchMock).filter((route) => route === `POST /webhooks/${endpoint.id}/secret`),
    ).toHaveLength(1);
    expect(bodyOf(fetchMock, 'POST', `/webhooks/${endpoint.id}/secret`)).toEqual({});
    // Shown in the list's card, where the endpoint is, not in the add form's.
    // A card is a plain section, no landmark: found through its heading.
    // eslint-disable-next-line testing-library/no-node-access
    const listCard = screen.getByRole('heading', { name: 'Your webhooks' }).closest('section')!;
    expect(within(listCard).getByText(NEW_SECRET)).toBeInTheDocument();
    expect(within(listCard).getByText(`Signing secret of ${endpoint.url}`)).toBeInTheDocument();

    await user.click(within(listCard).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(NEW_SECRET);
    await user.click(within(listCard).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(NEW_SECRET)).not.toBeInTheDocument();
  });

  it('keeps the signing secret when replacing it is cancelled', async () => {
    const fetchMock = mockApi({ 'GET /webhooks': okReply({ data: [endpoint] }) });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByRole('button', { name: `New secret for ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock).filter((route) => route.startsWith('POST'))).toEqual([]);
    expect(screen.queryByText(/^whsec_/)).not.toBeInTheDocument();
  });

  it('says why the signing secret could not be replaced, keeping the question open', async () => {
    mockApi({
      'GET /webhooks': okReply({ data: [endpoint] }),
      [`POST /webhooks/${endpoint.id}/secret`]: errorReply('not_found', 'Webhook not found'),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);

    await user.click(await screen.findByRole('button', { name: `New secret for ${endpoint.url}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Replace secret' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Webhook not found');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText(/^whsec_/)).not.toBeInTheDocument();
  });

  it('says when the ten endpoints are all used instead of offering the form', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({
      ...endpoint,
      id: `1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e${String(i).padStart(2, '0')}`,
      url: `https://shop.example/hooks/${i}`,
    }));
    mockApi({ 'GET /webhooks': okReply({ data: ten }) });
    renderWithProviders(<WebhooksScreen />);

    expect(
      await screen.findByText(/You have 10 webhooks, the most you can hold/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).not.toBeInTheDocument();
  });

  it('tells why a test could not be sent', async () => {
    mockApi({
      'GET /webhooks': okReply({ data: [endpoint] }),
      [`POST /webhooks/${endpoint.id}/test`]: errorReply(
        'conflict',
        'This webhook is disabled: enable it before testing it',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksScreen />);
    await user.click(await screen.findByRole('button', { name: `Send test to ${endpoint.url}` }));
    expect(
      await screen.findByText('This webhook is disabled: enable it before testing it'),
    ).toBeInTheDocument();
  });
});
