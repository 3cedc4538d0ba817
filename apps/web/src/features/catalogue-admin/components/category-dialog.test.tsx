import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { i18n } from '@/lib/i18n';
import { stubXhr } from '@/testing/fake-xhr';
import { errorReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import {
  aCategory,
  anImageFile,
  aSubcategory,
  CATEGORY_ID,
  SUBCATEGORY_ID,
} from '../catalogue-fixtures';
import { CategoryDialog } from './category-dialog';

// The file input lists image types in `accept`; these tests choose other files on purpose.
const setupUser = () => userEvent.setup({ applyAccept: false });

async function fillNames(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByLabelText('Name (English)'));
  await user.paste('Games');
  await user.click(screen.getByLabelText('Name (French)'));
  await user.paste('Jeux');
  await user.click(screen.getByLabelText('Name (Arabic)'));
  await user.paste('ألعاب');
  await user.click(screen.getByLabelText('Description (English, optional)'));
  await user.paste('Game keys');
}

// Whole forms filled through the real app providers: seconds, not milliseconds, on a busy machine.
describe('category dialog', { timeout: 15_000 }, () => {
  it('asks for the three names and an image before sending anything', async () => {
    const uploads = stubXhr();
    renderWithProviders(
      <CategoryDialog
        target={{ kind: 'category', category: null }}
        categories={[]}
        onClose={vi.fn()}
      />,
    );
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Create category' }));
    for (const language of ['English', 'French', 'Arabic']) {
      expect(screen.getByLabelText(`Name (${language})`)).toHaveAccessibleDescription(
        'Name is required',
      );
    }
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription('Choose an image to upload');

    await user.upload(screen.getByLabelText('Image'), anImageFile('notes.pdf', 'application/pdf'));
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(
      'The image must be a PNG, JPEG, WebP or GIF file',
    );
    await user.upload(
      screen.getByLabelText('Image'),
      anImageFile('huge.png', 'image/png', IMAGE_MAX_BYTES + 1),
    );
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(messages.imageTooLarge);

    await fillNames(user);
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    // The refused file is not kept: its error stays until another file is chosen.
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(messages.imageTooLarge);
    expect(uploads).toHaveLength(0);
  });

  it('sends a new category as multipart with its image, and shows a preview first', async () => {
    const uploads = stubXhr();
    const onClose = vi.fn();
    renderWithProviders(
      <CategoryDialog
        target={{ kind: 'category', category: null }}
        categories={[]}
        onClose={onClose}
      />,
    );
    const user = setupUser();

    await screen.findByLabelText('Name (English)');
    await fillNames(user);
    const cover = anImageFile('cover.png');
    await user.upload(screen.getByLabelText('Image'), cover);
    expect(await screen.findByAltText('Preview of the chosen image')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.click(screen.getByRole('button', { name: 'Create category' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const [xhr] = uploads;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/categories/category' });
    expect(Object.fromEntries([...(xhr!.body as FormData).entries()])).toEqual({
      nameEn: 'Games',
      nameFr: 'Jeux',
      nameAr: 'ألعاب',
      descriptionEn: 'Game keys',
      descriptionFr: '',
      descriptionAr: '',
      image: cover,
    });
    xhr!.respond(201, aCategory({ subcategories: [] }));

    expect(await screen.findByText('Category Games created')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the current image when an edit chooses none (PUT without an image part)', async () => {
    const uploads = stubXhr();
    renderWithProviders(
      <CategoryDialog
        target={{ kind: 'category', category: aCategory() }}
        categories={[]}
        onClose={vi.fn()}
      />,
    );
    const user = setupUser();

    expect(await screen.findByAltText('Current image')).toHaveAttribute(
      'src',
      aCategory().imageUrl,
    );
    const french = screen.getByLabelText('Name (French)');
    await user.clear(french);
    await user.type(french, 'Jeux vidéo');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({
      method: 'PUT',
      url: `/api/categories/category/${CATEGORY_ID}`,
    });
    expect(uploads[0]!.formField('nameFr')).toBe('Jeux vidéo');
    expect(uploads[0]!.formField('image')).toBeNull();
  });

  it('says Category Not Found, translated, when the category was deleted meanwhile', async () => {
    await i18n.changeLanguage('fr');
    const uploads = stubXhr();
    renderWithProviders(
      <CategoryDialog
        target={{ kind: 'category', category: aCategory() }}
        categories={[]}
        onClose={vi.fn()}
      />,
    );
    const user = setupUser();

    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.respond(404, errorReply('not_found', messages.categoryNotFound).body);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La catégorie n’a pas été enregistrée');
    expect(alert).toHaveTextContent('Catégorie introuvable');
  });
});

describe('subcategory dialog', { timeout: 15_000 }, () => {
  it('creates a subcategory in its category, sending categoryId with the form', async () => {
    const uploads = stubXhr();
    const other = aCategory({ id: '4d3f9e5a-7f6c-4a0d-9e3f-2c4d5e6f7081', nameEn: 'Gift cards' });
    renderWithProviders(
      <CategoryDialog
        target={{ kind: 'subcategory', subcategory: null, categoryId: CATEGORY_ID }}
        categories={[aCategory(), other]}
        onClose={vi.fn()}
      />,
    );
    const user = setupUser();

    const dialog = await screen.findByRole('dialog', { name: 'New subcategory' });
    expect(within(dialog).getByLabelText('Category')).toHaveValue(CATEGORY_ID);
    await fillNames(user);
    await user.upload(screen.getByLabelText('Image'), anImageFile());
    await user.click(screen.getByRole('button', { name: 'Create subcategory' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/categories/subcategory' });
    expect(uploads[0]!.formField('categoryId')).toBe(CATEGORY_ID);
    expect(uploads[0]!.formField('image')).toBeInstanceOf(File);
    uploads[0]!.respond(201, aSubcategory({ id: SUBCATEGORY_ID }));
    expect(await screen.findByText('Subcategory Steam created')).toBeInTheDocument();
  });
});
