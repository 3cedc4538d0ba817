import { z } from 'zod';
import { AUDIO_TYPES, type Music } from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { readSetting, SETTING_KEYS, writeSetting } from '../../lib/settings';
import type { Upload } from '../../lib/uploads';
import type { AuthContext } from '../../plugins/access';
import { fileUrl, removeFiles, storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';

/** What the settings row keeps about the one background track; the bytes live in `files`. */
const storedMusicSchema = z.object({
  fileId: z.uuid(),
  contentType: z.enum(AUDIO_TYPES),
  sizeBytes: z.number().int(),
  updatedAt: z.iso.datetime(),
});
type StoredMusic = z.infer<typeof storedMusicSchema>;

export class MusicService {
  constructor(private readonly db: Database) {}

  async get(): Promise<Music> {
    return musicView(parseStored(await readSetting(this.db, SETTING_KEYS.music)));
  }

  /**
   * Stores the new track and drops the previous one in one transaction, with the settings row
   * locked: two uploads at once leave exactly one track and no orphaned file.
   */
  async replace(caller: AuthContext, upload: Upload): Promise<Music> {
    const next = await this.db.transaction(async (tx) => {
      const previous = parseStored(await readSetting(tx, SETTING_KEYS.music, { forUpdate: true }));
      const fileId = await storeFile(tx, upload, { purpose: 'music', ownerId: null });
      const stored: StoredMusic = {
        fileId,
        contentType: upload.contentType as StoredMusic['contentType'],
        sizeBytes: upload.sizeBytes,
        updatedAt: new Date().toISOString(),
      };
      await writeSetting(tx, SETTING_KEYS.music, stored);
      await removeFiles(tx, [previous?.fileId]);
      await writeAudit(tx, {
        actorId: caller.userId,
        action: 'settings.music.update',
        targetType: 'settings',
        targetId: fileId,
        before: previous ?? null,
        after: { ...stored, sha256: upload.sha256, filename: upload.filename },
      });
      return stored;
    });
    return musicView(next);
  }
}

function parseStored(value: unknown): StoredMusic | undefined {
  const parsed = storedMusicSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function musicView(stored: StoredMusic | undefined): Music {
  if (!stored) return { url: null };
  return {
    url: fileUrl(stored.fileId)!,
    contentType: stored.contentType,
    sizeBytes: stored.sizeBytes,
    updatedAt: stored.updatedAt,
  };
}
