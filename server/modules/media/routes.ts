import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { isUuid, sendStored, storageKeys } from '../../platform/storage/index.js';
import { ensureAvatar } from '../users/default-avatar.js';
import { API } from '../../../contract/routes.js';

/** Public media files (avatars here; recipe images and assets are served by the recipes area). */
export default async function mediaRoutes(app: App, deps: Deps) {
  app.get(API.mediaUsersByUserIdByFileName,
    { exposeHeadRoute: true, config: { access: 'public' }, schema: { hide: true, params: z.object({ user_id: z.string().max(100), file_name: z.string().max(100) }) } },
    async (request, reply) => {
      const { user_id: userId, file_name: fileName } = request.params;
      if (!isUuid(userId) || fileName !== 'profile.webp') throw notFound('common.file-not-found');
      if (!(await ensureAvatar(deps, userId))) throw notFound('common.file-not-found');
      return sendStored(request, reply, deps.storage, storageKeys.userAvatar(userId), { contentType: 'image/webp', cacheControl: 'public, max-age=86400' });
    },
  );

  app.get(API.mediaDockerValidateTxt, { exposeHeadRoute: true, config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    sendStored(request, reply, deps.storage, storageKeys.dockerValidation(), { contentType: 'text/plain' }),
  );
}
