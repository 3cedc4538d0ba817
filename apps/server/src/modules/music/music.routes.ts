import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@keymarket/contracts/messages';
import {
  MUSIC_MAX_BYTES,
  MUSIC_UNSUPPORTED_TEXT,
  musicSchema,
} from '@keymarket/contracts/settings';
import { detectAudioType } from '../../lib/audio-type';
import { uploadSchema, type UploadRule } from '../../lib/uploads';
import { authOf } from '../access/auth-context';
import type { MusicService } from './music.service';

/** The background track: ≤ 20 MB (refused while streaming), MP3/OGG/WAV/M4A by content. */
const musicUpload: UploadRule = {
  field: 'music',
  maxBytes: MUSIC_MAX_BYTES,
  tooLargeText: messages.musicTooLarge,
  detect: detectAudioType,
  unsupportedText: MUSIC_UNSUPPORTED_TEXT,
};

const musicBody = z.strictObject({ music: uploadSchema('Choose a music file to upload') });

export const musicRoutes: FastifyPluginAsyncZod<{ music: MusicService }> = async (
  app,
  { music },
) => {
  app.get(
    '/music',
    { config: { access: 'authenticated' }, schema: { response: { 200: musicSchema } } },
    () => music.get(),
  );

  app.post(
    '/music/update',
    {
      config: { access: ['admin'], upload: musicUpload },
      schema: {
        body: musicBody,
        response: { 200: musicSchema },
      },
    },
    (request) => music.replace(authOf(request), request.body.music),
  );
};
