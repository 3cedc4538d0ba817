import { createStoredValue } from '@/lib/stored-value';
import { storageKeys } from '@/lib/storage';

/** Background music should not start loud: half volume until the listener says otherwise. */
export const DEFAULT_MUSIC_VOLUME = 0.5;

const storedVolume = createStoredValue<number>({
  key: storageKeys.musicVolume,
  parse: (raw) => {
    const volume = raw === null ? Number.NaN : Number(raw);
    return volume >= 0 && volume <= 1 ? volume : DEFAULT_MUSIC_VOLUME;
  },
  serialize: (volume) => String(volume),
});

const storedMuted = createStoredValue<boolean>({
  key: storageKeys.musicMuted,
  parse: (raw) => raw === 'true',
  serialize: (muted) => String(muted),
});

export const useMusicVolume = storedVolume.useValue;
export const useMusicMuted = storedMuted.useValue;
