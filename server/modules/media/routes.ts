import fs from 'node:fs';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { dataPath, isUuid } from '../../platform/storage.js';

/** Public media files (avatars here; recipe images and assets are served by the recipes area). */
export default async function mediaRoutes(app: App, deps: Deps) {
  app.get(
    '/api/media/users/:user_id/:file_name',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ user_id: z.string().max(100), file_name: z.string().max(100) }) } },
    async (request, reply) => {
      const { user_id: userId, file_name: fileName } = request.params;
      if (!isUuid(userId) || fileName !== 'profile.webp') throw notFound('File not found');
      const file = dataPath(deps.config.dataDir, 'users', userId, 'profile.webp');
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat) throw notFound('File not found');
      reply.header('Cache-Control', 'public, max-age=86400');
      reply.header('Last-Modified', stat.mtime.toUTCString());
      return reply.type('image/webp').send(fs.createReadStream(file));
    },
  );

  app.get('/api/media/docker/validate.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const file = dataPath(deps.config.dataDir, 'docker-validation', 'validate.txt');
    if (!fs.existsSync(file)) throw notFound('File not found');
    return reply.type('text/plain').send(fs.createReadStream(file));
  });
}
