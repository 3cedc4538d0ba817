import { useSyncExternalStore } from 'react';

/*
 * The one background track of the area. Its <audio> element lives in the layout (MusicAudio),
 * so it keeps playing while the user moves between pages or opens and closes the navigation
 * drawer; the controls, in the top bar or in the drawer, drive it through here.
 */
let audio: HTMLAudioElement | null = null;
let playing = false;
const listeners = new Set<() => void>();

function setPlaying(value: boolean): void {
  if (playing === value) return;
  playing = value;
  listeners.forEach((notify) => notify());
}

export function attachAudio(element: HTMLAudioElement | null): void {
  audio = element;
  if (!element) setPlaying(false);
}

/** The <audio> element's own events are the truth about playback. */
export const playbackEvents = {
  onPlay: () => setPlaying(true),
  onPause: () => setPlaying(false),
  onError: () => setPlaying(false),
};

export function togglePlaying(): void {
  if (!audio) return;
  if (!audio.paused) {
    audio.pause();
    return;
  }
  // Refused when the file cannot be decoded or the browser blocks playback: stay paused.
  audio.play().catch(() => setPlaying(false));
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export function usePlaying(): boolean {
  return useSyncExternalStore(subscribe, () => playing);
}
