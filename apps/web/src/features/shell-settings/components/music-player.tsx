import { clsx } from 'clsx';
import { Music, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useMusic } from '@/entities/music/api/get-music';
import { useMusicMuted, useMusicVolume } from './music-preferences';
import { attachAudio, playbackEvents, togglePlaying, usePlaying } from './music-playback';

/**
 * The platform's background track, mounted once by the area layout. Nothing plays, and nothing
 * is downloaded, until the user presses play; volume and mute are remembered.
 */
export function MusicAudio() {
  const url = useMusic().data?.url ?? null;
  const [volume] = useMusicVolume();
  const [muted] = useMusicMuted();
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const audio = audioRef.current;
    attachAudio(audio);
    return () => attachAudio(null);
  }, [url]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
  }, [volume, muted, url]);

  if (!url) return null;
  // preload="none": the track is fetched on the first press of play, not on every page.
  return <audio ref={audioRef} src={url} preload="none" loop {...playbackEvents} />;
}

function PlayButton() {
  const { t } = useTranslation('shell');
  const playing = usePlaying();
  const label = playing ? t('music.pause') : t('music.play');
  const Icon = playing ? Pause : Play;
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={togglePlaying}>
      <Icon aria-hidden className="size-4.5" />
    </Button>
  );
}

function MuteButton() {
  const { t } = useTranslation('shell');
  const [muted, setMuted] = useMusicMuted();
  const Icon = muted ? VolumeX : Volume2;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('music.mute')}
      title={t('music.mute')}
      aria-pressed={muted}
      onClick={() => setMuted(!muted)}
    >
      <Icon aria-hidden className="size-4.5" />
    </Button>
  );
}

function VolumeSlider({ className }: { className?: string }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const [volume, setVolume] = useMusicVolume();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('music.volume')}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={Math.round(volume * 100)}
        onChange={(event) => setVolume(Number(event.target.value) / 100)}
        className={clsx('cursor-pointer accent-primary', className)}
      />
    </>
  );
}

/** The top bar has room for two buttons: the second opens the volume and mute controls. */
function VolumeDisclosure() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [muted] = useMusicMuted();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    containerRef.current?.querySelector('input')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const Icon = muted ? VolumeX : Volume2;
  return (
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
    >
      <Button
        ref={toggleRef}
        variant="ghost"
        size="icon"
        aria-label={t('music.volumeControls')}
        title={t('music.volumeControls')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon aria-hidden className="size-4.5" />
      </Button>
      {open && (
        <div
          id={panelId}
          className="absolute end-0 top-full z-40 mt-2 flex items-center gap-2 rounded-xl border border-border bg-surface p-2 shadow-card"
        >
          <MuteButton />
          <VolumeSlider className="w-32" />
        </div>
      )}
    </div>
  );
}

/**
 * Play, mute and volume for the background track; nothing when no track was uploaded. `bar` is
 * the compact top-bar form, `panel` the full row of the sidebar and the phone drawer.
 */
export function MusicControls({ layout }: { layout: 'bar' | 'panel' }) {
  const { t, ready } = useTranslation('shell');
  const url = useMusic().data?.url;
  if (!ready || !url) return null;

  return (
    <div role="group" aria-label={t('music.label')} className="flex items-center gap-1">
      {layout === 'panel' && <Music aria-hidden className="me-1 size-4 shrink-0 text-muted" />}
      <PlayButton />
      {layout === 'bar' ? (
        <VolumeDisclosure />
      ) : (
        <>
          <MuteButton />
          <VolumeSlider className="ms-1 min-w-0 flex-1" />
        </>
      )}
    </div>
  );
}
