import { FileTypeParser, type Detector } from 'file-type';
import type { AudioType } from '@keymarket/contracts/settings';

/**
 * file-type's name for each kind of audio we accept. MP4 and OGG are containers: file-type names
 * them by their brand or first stream, and an audio-only `.m4a` written with the generic `isom`
 * brand, or an OGG of a codec it does not know, is still one a browser's <audio> plays. Images
 * in an ISO-BMFF box (HEIC, AVIF) and every other kind are refused.
 */
const accepted = new Map<string, AudioType>([
  ['audio/mpeg', 'audio/mpeg'],
  ['audio/ogg', 'audio/ogg'],
  ['audio/ogg; codecs=opus', 'audio/ogg'],
  ['application/ogg', 'audio/ogg'],
  ['video/ogg', 'audio/ogg'],
  ['audio/wav', 'audio/wav'],
  ['audio/x-m4a', 'audio/mp4'],
  ['audio/mp4', 'audio/mp4'],
  ['video/mp4', 'audio/mp4'],
]);

/**
 * An ID3v2 tag is MP3's tag format: a file opening with one is MP3 to every player, which also
 * plays past padding or junk between the tag and the first frame. file-type skips the tag and
 * calls the file MP3 only if a frame follows at once, so such a file would be refused.
 */
const id3Tag: Detector = {
  id: 'keymarket.id3',
  async detect(tokenizer) {
    const head = new Uint8Array(3);
    await tokenizer.peekBuffer(head, { length: 3, mayBeLess: true });
    return Buffer.from(head).toString('latin1') === 'ID3'
      ? { ext: 'mp3', mime: 'audio/mpeg' }
      : undefined;
  },
};

const parser = new FileTypeParser({ customDetectors: [id3Tag] });

/**
 * The audio type of `bytes`, read from the file's own content, never from the declared mimetype
 * or the name: the file is served back from our origin, so it must really be audio. MP3, OGG,
 * WAV and M4A.
 */
export async function detectAudioType(bytes: Uint8Array): Promise<AudioType | undefined> {
  const found = await parser.fromBuffer(bytes);
  return found && accepted.get(found.mime);
}
