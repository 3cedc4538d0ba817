import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLinkedSearch } from './use-linked-search';

function SearchBox() {
  const [page, setPage] = useState(3);
  const [text, setText] = useLinkedSearch(() => setPage(1));
  return (
    <>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <p>Page {page}</p>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLinkedSearch', () => {
  it('starts from the link’s ?search=', () => {
    renderAt('/manager/products?search=Steam%20Wallet');
    expect(screen.getByLabelText('Search')).toHaveValue('Steam Wallet');
  });

  it('starts empty without one, and lets the reader type', async () => {
    renderAt('/manager/products');
    await userEvent.setup().type(screen.getByLabelText('Search'), 'net');
    expect(screen.getByLabelText('Search')).toHaveValue('net');
  });

  it('follows a new link while the screen stays open', async () => {
    const router = renderAt('/manager/products?search=Steam');
    await userEvent.setup().type(screen.getByLabelText('Search'), ' typed');
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    await act(() => router.navigate('/manager/products?search=Netflix'));
    expect(screen.getByLabelText('Search')).toHaveValue('Netflix');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });
});
