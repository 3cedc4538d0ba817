import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MUSIC_MAX_BYTES } from '@keymarket/contracts/settings';
import { i18n } from '@/lib/i18n';
import { stubXhr, type FakeXhr } from '@/testing/fake-xhr';
import { errorReply, mockApi, okReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-app';
import { MusicSection } from './music-section';

const current = {
  url: '/api/files/6f1c2a4e-8a53-4c39-9d2b-3f0a3c1e7b11',
  contentType: 'audio/mpeg',
  sizeBytes: 3_145_728,
  updatedAt: '2025-03-01T09:00:00.000Z',
} as const;

/** A file that says it weighs `sizeBytes` without holding that many bytes in memory. */
function audioFile(sizeBytes: number, name = 'track.mp3', type = 'audio/mpeg') {
  const file = new File(['ID3'], name, { type });
  Object.defineProperty(file, 'size', { value: sizeBytes });
  return file;
}

describe('music section', { timeout: 20_000 }, () => {
  it('previews the current track with its details', async () => {
    mockApi({ 'GET /music': okReply(current) });
    renderWithProviders(<MusicSection />);

    expect(await screen.findByText(/MP3 · 3 MB · updated/)).toBeInTheDocument();
    const player = screen.getByLabelText('Preview of the current track');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', current.url);
  });

  it('says when there is no track yet', async () => {
    mockApi({ 'GET /music': okReply({ url: null }) });
    renderWithProviders(<MusicSection />);

    expect(await screen.findByText('No track yet. Upload one below.')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Music file size must be less than 20MB', 'Upload'],
    ['fr', 'Le fichier audio doit peser moins de 20 Mo', 'Envoyer'],
    ['ar', 'يجب أن يكون حجم الملف الصوتي أقل من 20 ميغابايت', 'رفع'],
  ])('refuses a file over 20 MB before sending it (%s)', async (language, message, upload) => {
    await i18n.changeLanguage(language);
    mockApi({ 'GET /music': okReply({ url: null }) });
    const uploads = stubXhr();
    renderWithProviders(<MusicSection />);
    const user = userEvent.setup();

    const input = await screen.findByLabelText(/Music file|Fichier de musique|ملف الموسيقى/);
    await user.upload(input, audioFile(MUSIC_MAX_BYTES + 1));

    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: upload }));
    expect(uploads).toHaveLength(0);
  });

  it('takes a file of exactly 20 MB, and refuses what is not audio', async () => {
    mockApi({ 'GET /music': okReply({ url: null }) });
    stubXhr();
    renderWithProviders(<MusicSection />);
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Music file');

    await user.upload(input, audioFile(MUSIC_MAX_BYTES));
    expect(input).toHaveAttribute('aria-invalid', 'false');

    await user.upload(input, audioFile(1000, 'notes.txt', 'text/plain'));
    expect(
      await screen.findByText('Choose an audio file: MP3, OGG, WAV or M4A'),
    ).toBeInTheDocument();
  });

  it('uploads the file as `music` and shows how much has been sent', async () => {
    mockApi({ 'GET /music': okReply({ url: null }) });
    const uploads = stubXhr();
    renderWithProviders(<MusicSection />);
    const user = userEvent.setup();
    const file = audioFile(4_000_000);

    expect(await screen.findByText('No file chosen')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Music file'), file);
    expect(screen.getByText('track.mp3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const [xhr] = uploads as [FakeXhr];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/music/update');
    expect(xhr.formField('music')).toBe(file);
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();

    act(() => xhr.progress(1_000_000, 4_000_000));
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    expect(progress).toHaveAttribute('aria-valuetext', '25%');
    act(() => xhr.progress(4_000_000, 4_000_000));
    expect(progress).toHaveAttribute('aria-valuenow', '100');

    act(() => xhr.respond(200, { ...current, sizeBytes: 4_000_000 }));
    expect(await screen.findByText('Music updated')).toBeInTheDocument();
    // The field and the bar start over: no full bar is left behind once the upload is done.
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Preview of the current track')).toHaveAttribute(
      'src',
      current.url,
    );
  });

  it('says why the server refused the file', async () => {
    mockApi({ 'GET /music': okReply({ url: null }) });
    const uploads = stubXhr();
    renderWithProviders(<MusicSection />);
    const user = userEvent.setup();

    await user.upload(await screen.findByLabelText('Music file'), audioFile(2000));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    act(() =>
      uploads[0]!.respond(
        415,
        errorReply('unsupported_media_type', 'The music file must be an MP3, OGG, WAV or M4A file')
          .body,
      ),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
