import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { okReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { preloadArea, signedInAs } from './area-test-setup';

const track = {
  url: '/api/files/9a1c0e52-7b3d-4f6a-8e2c-5d4b3a291807',
  contentType: 'audio/mpeg',
  sizeBytes: 3_145_728,
  updatedAt: '2025-03-01T08:00:00.000Z',
};

function signedInReseller(music: object) {
  signedInAs('reseller', { 'GET /music': okReply(music) });
}

/** jsdom plays nothing: these stand in for the browser's media playback. */
function stubPlayback() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

/** The compact controls of the top bar (from 1360px up; jsdom applies no breakpoints). */
const topBarPlayer = async () => {
  const players = await screen.findAllByRole('group', { name: 'Background music' });
  const sidebar = within(screen.getByRole('complementary')).queryAllByRole('group', {
    name: 'Background music',
  });
  return players.find((group) => !sidebar.includes(group))!;
};
/** The full row of the sidebar and the phone drawer. */
const sidebarPlayer = async () =>
  within(await screen.findByRole('complementary')).findByRole('group', {
    name: 'Background music',
  });
// An <audio> without controls has no role to query it by: its attributes are what is checked.
// eslint-disable-next-line testing-library/no-node-access
const audios = () => document.querySelectorAll('audio');
const theAudio = () => audios()[0]!;

// Whole-app renders: slow on a machine shared with other test runs.
describe('music player', { timeout: 20_000 }, () => {
  beforeAll(preloadArea, 60_000);

  it('waits for the user to press play, then plays and pauses', async () => {
    const user = userEvent.setup();
    const { play, pause } = stubPlayback();
    signedInReseller(track);
    renderApp('/reseller/profile');

    const bar = await topBarPlayer();
    expect(audios()).toHaveLength(1);
    expect(theAudio()).toHaveAttribute('src', track.url);
    expect(theAudio()).toHaveAttribute('preload', 'none');
    expect(theAudio()).not.toHaveAttribute('autoplay');
    expect(play).not.toHaveBeenCalled();
    expect(theAudio().paused).toBe(true);

    await user.click(within(bar).getByRole('button', { name: 'Play music' }));
    expect(play).toHaveBeenCalledTimes(1);

    // Every set of controls drives the one track.
    const sidebar = await sidebarPlayer();
    await user.click(await within(sidebar).findByRole('button', { name: 'Pause music' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(within(bar).getByRole('button', { name: 'Play music' })).toBeInTheDocument();
  });

  it('is worked from the keyboard and remembers volume and mute', async () => {
    const user = userEvent.setup();
    const { play } = stubPlayback();
    signedInReseller(track);
    renderApp('/reseller/profile');

    const sidebar = await sidebarPlayer();
    expect(theAudio().volume).toBe(0.5);

    within(sidebar).getByRole('button', { name: 'Play music' }).focus();
    await user.keyboard('{Enter}');
    expect(play).toHaveBeenCalledTimes(1);

    // A native range: the browser moves it with the arrow keys (jsdom does not).
    fireEvent.change(within(sidebar).getByRole('slider', { name: 'Music volume' }), {
      target: { value: '40' },
    });
    expect(window.localStorage.getItem('music-volume')).toBe('0.4');
    expect(theAudio().volume).toBe(0.4);

    const mute = within(sidebar).getByRole('button', { name: 'Mute music' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(theAudio().muted).toBe(true);
    expect(window.localStorage.getItem('music-muted')).toBe('true');
  });

  it('opens the top bar’s volume controls and closes them with Escape', async () => {
    const user = userEvent.setup();
    signedInReseller(track);
    renderApp('/reseller/profile');

    const bar = await topBarPlayer();
    const toggle = within(bar).getByRole('button', { name: 'Volume' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(bar).queryByRole('slider')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(bar).getByRole('slider', { name: 'Music volume' })).toHaveFocus();
    await user.click(within(bar).getByRole('button', { name: 'Mute music' }));
    expect(theAudio().muted).toBe(true);

    await user.keyboard('{Escape}');
    expect(within(bar).queryByRole('slider')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('starts with the remembered volume and mute', async () => {
    window.localStorage.setItem('music-volume', '0.2');
    window.localStorage.setItem('music-muted', 'true');
    signedInReseller(track);
    renderApp('/reseller/profile');

    await topBarPlayer();
    expect(theAudio().volume).toBe(0.2);
    expect(theAudio().muted).toBe(true);
  });

  it('is hidden when no track was uploaded', async () => {
    signedInReseller({ url: null });
    renderApp('/reseller/profile');

    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await waitFor(() => expect(queryClient.getQueryState(['music'])?.status).toBe('success'));
    expect(screen.queryByRole('group', { name: 'Background music' })).not.toBeInTheDocument();
    expect(audios()).toHaveLength(0);
  });
});
