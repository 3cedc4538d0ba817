import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialLinksResponseSchema, updateSocialLinksSchema } from '@keymarket/contracts/settings';
import { authOf } from '../access/auth-context';
import type { SocialLinksService } from './social-links.service';

export const socialLinksRoutes: FastifyPluginAsyncZod<{ socialLinks: SocialLinksService }> = async (
  app,
  { socialLinks },
) => {
  app.get(
    '/social-links/get-social-links',
    { config: { access: 'public' }, schema: { response: { 200: socialLinksResponseSchema } } },
    () => socialLinks.get(),
  );

  app.put(
    '/social-links/update',
    {
      config: { access: ['admin'] },
      schema: { body: updateSocialLinksSchema, response: { 200: socialLinksResponseSchema } },
    },
    (request) => socialLinks.update(authOf(request), request.body),
  );
};
