import type { Music } from '@keymarket/contracts/settings';
import type { Database } from '../../db/client';
import { readSetting, SETTINGS, writeSetting, type StoredMusic } from '../../lib/settings';
import type { Upload } from '../../lib/uploads';
import type { AuthContext } from '../access/auth-context';
import { requireAdmin } from '../access/policy';
import { fileUrl, removeFiles, storeFile } from '../files/files.repository';
import { writeAudit } from '../ledger/ledger.repository';

export class MusicService {
  constructor(private readonly db: Database) {}

  async get(): Promise<Music> {
    return musicView(await readSetting(this.db, SETTINGS.music));
  }

  /**
   * Stores the new track and drops the previous one in one transaction, with the settings row
   * locked: two uploads at once leave exactly one track and no orphaned file.
   */
  async replace(caller: AuthContext, upload: Upload): Promise<Music> {
    requireAdmin(caller);
    const next = await this.db.transaction(async (tx) => {
      const previous = await readSetting(tx, SETTINGS.music, { forUpdate: true });
      const fileId = await storeFile(tx, upload, { purpose: 'music', ownerId: null });
      const stored: StoredMusic = {
        fileId,
        contentType: upload.contentType as StoredMusic['contentType'],
        sizeBytes: upload.sizeBytes,
        updatedAt: new Date().toISOString(),
      };
      await writeSetting(tx, SETTINGS.music, stored);
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

function musicView(stored: StoredMusic | undefined): Music {
  if (!stored) return { url: null };
  return {
    url: fileUrl(stored.fileId),
    contentType: stored.contentType,
    sizeBytes: stored.sizeBytes,
    updatedAt: stored.updatedAt,
  };
}
