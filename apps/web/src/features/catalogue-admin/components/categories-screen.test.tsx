import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@keymarket/contracts/messages';
import { i18n } from '@/lib/i18n';
import { errorReply, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { aCategory, aSubcategory, CATEGORY_ID, SUBCATEGORY_ID } from '../catalogue-fixtures';
import { CategoriesScreen } from './categories-screen';

const list = () => okReply({ data: [aCategory({ productCount: 2 })] });

// Whole forms filled through the real app providers: seconds, not milliseconds, on a busy machine.
describe('categories screen', { timeout: 15_000 }, () => {
  it('shows each category and its subcategories in the interface language', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /categories': list() });
    renderWithProviders(<CategoriesScreen />);

    // The Arabic texts load on demand; on a busy machine that can take a few seconds.
    const card = await screen.findByRole('region', { name: 'ألعاب' }, { timeout: 12_000 });
    expect(within(card).getByRole('heading', { name: 'ألعاب' })).toBeInTheDocument();
    expect(within(card).getByText('مفاتيح الألعاب')).toBeInTheDocument();
    expect(within(card).getByText('ستيم')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'حذف الفئة الفرعية \u2068ستيم\u2069' }),
    ).toBeInTheDocument();
  });

  it('asks before deleting a category and shows the refusal of one that still has products', async () => {
    const fetchMock = mockApi({
      'GET /categories': list(),
      [`DELETE /categories/${CATEGORY_ID}`]: errorReply('conflict', messages.categoryInUse),
    });
    renderWithProviders(<CategoriesScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete category Games' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category Games?' });
    // Nothing is deleted until the admin confirms.
    expect(requestedPaths(fetchMock)).toEqual(['GET /categories']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The category was not deleted');
    expect(alert).toHaveTextContent(messages.categoryInUse);
    expect(requestedPaths(fetchMock)).toContain(`DELETE /categories/${CATEGORY_ID}`);
  });

  it('deletes a category once confirmed', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      'GET /categories': () => okReply({ data: deleted ? [] : [aCategory({ subcategories: [] })] }),
      [`DELETE /categories/${CATEGORY_ID}`]: () => {
        deleted = true;
        return okReply({ ok: true });
      },
    });
    renderWithProviders(<CategoriesScreen />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete category Games' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Category Games deleted')).toBeInTheDocument();
    expect(await screen.findByText(/No categories yet/)).toBeInTheDocument();
    expect(requestedPaths(fetchMock).filter((path) => path.startsWith('DELETE'))).toHaveLength(1);
  });

  it.each([
    [
      'en',
      'Delete subcategory Steam',
      'Delete',
      'Failed to delete subcategory',
      'Products still in it: 2',
    ],
    [
      'fr',
      'Supprimer la sous-catégorie Steam FR',
      'Supprimer',
      'Impossible de supprimer la sous-catégorie',
      'Produits qu’elle contient encore : 2',
    ],
    [
      'ar',
      'حذف الفئة الفرعية \u2068ستيم\u2069',
      'حذف',
      'تعذّر حذف الفئة الفرعية',
      'المنتجات التي لا تزال فيها: 2',
    ],
  ])(
    'says "Failed to delete subcategory" in %s when the server refuses',
    async (language, openLabel, confirmLabel, failure, reason) => {
      await i18n.changeLanguage(language);
      mockApi({
        'GET /categories': okReply({
          data: [aCategory({ subcategories: [aSubcategory({ productCount: 2 })] })],
        }),
        [`DELETE /categories/subcategory/${SUBCATEGORY_ID}`]: {
          status: 409,
          body: {
            statusCode: 409,
            message: { type: 'conflict', text: messages.failedToDeleteSubcategory },
            details: [{ path: 'products', message: 'This subcategory still has 2 product(s)' }],
          },
        },
      });
      renderWithProviders(<CategoriesScreen />);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: openLabel }));
      await user.click(screen.getByRole('button', { name: confirmLabel }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(failure);
      expect(alert).toHaveTextContent(reason);
    },
  );
});
