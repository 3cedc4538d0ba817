import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { i18n } from '@/lib/i18n';
import { stubXhr } from '@/testing/fake-xhr';
import { aUser } from '@/testing/fixtures';
import { bodyText, mockApi, okReply, requestedPaths } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { PersonalInfoCard } from './personal-info-card';

const AVATAR_URL = '/api/files/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

function pictureInput(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

function chooseFile(file: File) {
  // userEvent.upload honours `accept`; the size check is what is under test, so the change
  // event is fired as the browser would after the picker closes.
  fireEvent.change(pictureInput(), { target: { files: [file] } });
}

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('profile picture', () => {
  it('refuses a picture over 2MB without sending it', async () => {
    const uploads = stubXhr();
    mockApi({});
    renderWithProviders(<PersonalInfoCard user={aUser()} />);
    await screen.findByRole('button', { name: 'Change picture' });

    chooseFile(png(IMAGE_MAX_BYTES + 1));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.imageTooLarge);
    expect(uploads).toHaveLength(0);
  });

  it('uploads the file as the multipart field "avatar" and refreshes the user', async () => {
    const uploads = stubXhr();
    mockApi({ 'GET /users/me': okReply(aUser({ avatarUrl: AVATAR_URL })) });
    renderWithProviders(<PersonalInfoCard user={aUser()} />);
    await screen.findByRole('button', { name: 'Change picture' });
    const file = png(IMAGE_MAX_BYTES);

    chooseFile(file);
    await expect.poll(() => uploads.length).toBe(1);
    const [upload] = uploads;
    expect(upload!.method).toBe('PUT');
    expect(upload!.url).toBe('/api/users/avatars/profile-picture');
    expect(upload!.formField('avatar')).toBe(file);
    upload!.respond(200, { avatarUrl: AVATAR_URL });

    expect(await screen.findByText('Your profile picture has been updated')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Failed to update profile picture'],
    ['fr', 'Impossible de mettre à jour la photo de profil'],
  ])('says the picture could not be updated (%s)', async (language, message) => {
    await i18n.changeLanguage(language);
    const uploads = stubXhr();
    mockApi({});
    renderWithProviders(<PersonalInfoCard user={aUser()} />);
    await screen.findByRole('button', { name: i18n.t('users:me.picture.change') });

    chooseFile(png(10));
    await expect.poll(() => uploads.length).toBe(1);
    uploads[0]!.respond(415, {
      statusCode: 415,
      message: {
        type: 'unsupported_media_type',
        text: 'The image must be a PNG, JPEG, WebP or GIF file',
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(i18n.t('errors.unsupported_media_type'));
  });

  it('shows the picture when the user has one', async () => {
    mockApi({});
    renderWithProviders(<PersonalInfoCard user={aUser({ avatarUrl: AVATAR_URL })} />);

    expect(await screen.findByAltText('Your profile picture')).toHaveAttribute('src', AVATAR_URL);
  });
});

/** Waits for the saved-changes notice and returns the body of the PUT /users/me it followed. */
async function savedChanges(fetchMock: ReturnType<typeof mockApi>): Promise<unknown> {
  expect(await screen.findByText('Your personal information has been updated')).toBeInTheDocument();
  const index = requestedPaths(fetchMock).indexOf('PUT /users/me');
  return JSON.parse(bodyText(fetchMock.mock.calls[index]![1]!.body));
}

describe('personal information', () => {
  it('edits the names, email and phone with the signup rules and sends the changes', async () => {
    const fetchMock = mockApi({
      'PUT /users/me': okReply(aUser({ firstName: 'Nadine', phone: '+33698765432' })),
    });
    renderWithProviders(<PersonalInfoCard user={aUser()} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      messages.firstNameRequired,
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(messages.phoneInvalid);

    await user.type(screen.getByLabelText('First name'), 'Nadine');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '0033 6 98 76 54 32');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await savedChanges(fetchMock)).toEqual({
      firstName: 'Nadine',
      phone: '+33698765432',
    });
  });

  it('lets the first admin, who has no phone, save its names', async () => {
    const fetchMock = mockApi({
      'PUT /users/me': okReply(aUser({ role: 'admin', phone: null, lastName: 'Root' })),
    });
    renderWithProviders(<PersonalInfoCard user={aUser({ role: 'admin', phone: null })} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Root');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await savedChanges(fetchMock)).toEqual({ lastName: 'Root' });
  });

  it('asks for the current password when the email changes, and sends it with the change', async () => {
    const fetchMock = mockApi({
      'PUT /users/me': okReply(aUser({ email: 'nadia.h@example.com' })),
    });
    renderWithProviders(<PersonalInfoCard user={aUser()} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Nadia.H@example.com');
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Enter your current password to change your email.',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      messages.passwordRequired,
    );
    expect(requestedPaths(fetchMock)).not.toContain('PUT /users/me');

    await user.type(screen.getByLabelText('Current password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await savedChanges(fetchMock)).toEqual({
      email: 'nadia.h@example.com',
      currentPassword: 'Passw0rd!',
    });
  });

  it("shows a wrong current password under its field, in the reader's language", async () => {
    await i18n.changeLanguage('fr');
    mockApi({
      'PUT /users/me': {
        status: 400,
        body: {
          statusCode: 400,
          message: { type: 'validation', text: messages.currentPasswordIncorrect },
          details: [{ path: 'body.currentPassword', message: messages.currentPasswordIncorrect }],
        },
      },
    });
    renderWithProviders(<PersonalInfoCard user={aUser()} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: i18n.t('users:me.edit') }));
    const email = screen.getByLabelText(i18n.t('profile.email'));
    await user.clear(email);
    await user.type(email, 'other@example.com');
    const password = screen.getByLabelText(i18n.t('profile.password.currentPassword'));
    await user.type(password, 'Not-the-passw0rd');
    await user.click(screen.getByRole('button', { name: i18n.t('users:me.save') }));

    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(password).toHaveAccessibleDescription(i18n.t('messages.currentPasswordIncorrect'));
    expect(i18n.t('messages.currentPasswordIncorrect')).not.toBe(messages.currentPasswordIncorrect);
  });
});
