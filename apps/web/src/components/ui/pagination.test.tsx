import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('lets the reader choose the page size and jump to a page, held to the range', async () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(
      <Pagination
        page={2}
        totalPages={78}
        onPageChange={onPageChange}
        pageSize={10}
        onPageSizeChange={onPageSizeChange}
        total={778}
      />,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    await user.type(screen.getByLabelText('Go to page'), '40{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(40);
    await user.type(screen.getByLabelText('Go to page'), '900');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(onPageChange).toHaveBeenLastCalledWith(78);
  });

  it('says "of 400+" for a capped count and lets the reader go past the counted pages', async () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={400}
        totalPages={400}
        onPageChange={onPageChange}
        pageSize={25}
        onPageSizeChange={vi.fn()}
        total={10_000}
        totalExact={false}
      />,
    );
    expect(screen.getByText('Page 400 of 400+')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Next page'));
    expect(onPageChange).toHaveBeenLastCalledWith(401);
    await user.type(screen.getByLabelText('Go to page'), '900{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(900);
  });

  it('keeps the size choice on a single page of results, and shows nothing for a few rows', () => {
    const props = { page: 1, totalPages: 1, onPageChange: vi.fn(), pageSize: 50 };
    const { rerender } = render(<Pagination {...props} onPageSizeChange={vi.fn()} total={30} />);
    expect(screen.getByLabelText('Rows per page')).toHaveValue('50');
    expect(screen.queryByLabelText('Next page')).toBeNull();
    rerender(<Pagination {...props} onPageSizeChange={vi.fn()} total={4} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
