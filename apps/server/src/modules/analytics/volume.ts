import { statfs } from 'node:fs/promises';
import path from 'node:path';

export interface VolumeBytes {
  total: number;
  used: number;
  /** What an unprivileged process may still write (statfs `bavail`). */
  free: number;
}

/**
 * Size of the filesystem holding `dir`. With DATABASE_URL the data directory may never have been
 * created, so the nearest existing parent stands for it (the same volume).
 */
export async function volumeOf(dir: string): Promise<VolumeBytes> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(current);
      const total = stats.blocks * stats.bsize;
      return {
        total,
        used: total - stats.bfree * stats.bsize,
        free: stats.bavail * stats.bsize,
      };
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}
