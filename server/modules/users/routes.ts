import { z } from 'zod';
import { loadSharp } from '../../lazy.js';
import {
  changePassword as changePasswordBody, forgotPassword as forgotPasswordBody, longLiveTokenIn, longLiveTokenOut,
  registration, resetPassword as resetPasswordBody, userIn, userOut, userUpdate,
} from '../../../contract/accounts.js';
import { paginated, paginationQuery, successResponse } from '../../../contract/common.js';
import { currentUser } from '../../platform/auth/guard.js';
import { passwordThrottle } from '../../platform/auth/password-throttle.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { sniffImage, storageKeys } from '../../platform/storage/index.js';
import { listUsersPage } from './list.js';
import { getUserOut, renewUserCacheKey } from './repo.js';
import * as users from './service.js';
import { firstDayOfWeekFromRequest, localeFromAcceptLanguage } from '../../platform/i18n/index.js';
import { API } from '../../../contract/routes.js';

const tags = ['Users: CRUD'];
const userIdParam = z.object({ item_id: z.string().max(100) });

export default async function userRoutes(app: App, deps: Deps) {
  // Every route that checks or hashes a password counts against the caller's address (password-throttle.ts).
  const throttle = passwordThrottle(app, deps.config);
  app.get(API.usersSelf, { config: { access: 'user' }, schema: { tags, response: { 200: userOut } } }, async (request) =>
    getUserOut(deps.db, currentUser(request).id, { withTokens: true }),
  );

  app.put(API.usersPassword, { config: { access: 'user' }, schema: { tags, body: changePasswordBody, response: { 200: successResponse } } }, async (request) => {
    const attempt = await throttle.begin(request);
    await users.changePassword(deps, currentUser(request), request.body.currentPassword, request.body.newPassword, attempt);
    return { message: 'Password updated', error: false };
  });

  app.put(API.usersByItemId, { config: { access: 'user' }, schema: { tags, params: userIdParam, body: userUpdate, response: { 200: userOut } } }, async (request) =>
    users.updateUser(deps, currentUser(request), request.params.item_id, request.body),
  );

  // Admin CRUD of users (the same rules as /api/admin/users).
  app.get(API.users, { config: { access: 'admin' }, schema: { tags, querystring: paginationQuery, response: { 200: paginated(userOut) } } }, async (request) =>
    listUsersPage(deps, {}, request.query, API.users, request.query as Record<string, unknown>),
  );
  app.post(API.users, { config: { access: 'admin' }, schema: { tags, body: userIn, response: { 201: userOut } } }, async (request, reply) => {
    reply.status(201);
    return users.createUserByAdmin(deps, request.body);
  });
  app.get(API.usersByItemId, { config: { access: 'admin' }, schema: { tags, params: userIdParam, response: { 200: userOut } } }, async (request) =>
    getUserOut(deps.db, request.params.item_id),
  );
  app.delete(API.usersByItemId, { config: { access: 'admin' }, schema: { tags, params: userIdParam, response: { 200: userOut } } }, async (request) =>
    users.deleteUser(deps, currentUser(request), request.params.item_id),
  );

  app.post(API.usersRegister, { config: { access: 'public' }, schema: { tags: ['Users: Registration'], body: registration, response: { 201: userOut } } }, async (request, reply) => {
    await throttle.begin(request);
    reply.status(201);
    // A new household's week starts where its founder's language says (Monday in most of Europe).
    return users.register(deps, request.body, firstDayOfWeekFromRequest(request.headers['accept-language']));
  });

  app.post(API.usersForgotPassword, { config: { access: 'public' }, schema: { tags: ['Users: Passwords'], body: forgotPasswordBody } }, async (request) => {
    await users.forgotPassword(deps, request.body.email, request.log, localeFromAcceptLanguage(request.headers['accept-language']));
    return null;
  });
  app.post(API.usersResetPassword, { config: { access: 'public' }, schema: { tags: ['Users: Passwords'], body: resetPasswordBody, response: { 200: successResponse } } }, async (request) => {
    await throttle.begin(request);
    await users.resetPassword(deps, request.body.token, request.body.password, request.body.passwordConfirm);
    return { message: 'Password updated', error: false };
  });

  app.post(API.usersApiTokens, { config: { access: 'user' }, schema: { tags: ['Users: Tokens'], body: longLiveTokenIn, response: { 201: longLiveTokenOut } } }, async (request, reply) => {
    reply.status(201);
    return users.createApiToken(deps, currentUser(request), request.body.name, request.body.integrationId);
  });
  app.delete(API.usersApiTokensByTokenId,
    { config: { access: 'user' }, schema: { tags: ['Users: Tokens'], params: z.object({ token_id: z.coerce.number().int() }), response: { 200: z.object({ tokenDelete: z.string() }) } } },
    async (request) => users.deleteApiToken(deps, currentUser(request), request.params.token_id),
  );

  app.post(API.usersByItemIdImage, { config: { access: 'user' }, schema: { tags: ['Users: Images'], params: userIdParam } }, async (request) => {
    const actor = currentUser(request);
    const userId = request.params.item_id;
    if (actor.id !== userId && !actor.admin) throw forbidden('users.you-are-not-allowed-to-change-this');
    await getUserOut(deps.db, userId);
    const { files } = await readMultipart(request);
    const upload = files.profile?.[0] ?? Object.values(files)[0]?.[0];
    if (!upload) throw badRequest('users.missing-image-file-multipart-field-profile');
    if (!sniffImage(upload.data)) throw badRequest('common.file-is-not-an-image');
    let webp: Buffer;
    try {
      const sharp = await loadSharp();
      webp = await sharp(upload.data, { failOn: 'error' }).rotate().resize(512, 512, { fit: 'cover' }).webp({ quality: 90 }).toBuffer();
    } catch {
      throw badRequest('common.image-could-not-be-read');
    }
    await deps.storage.put(storageKeys.userAvatar(userId), webp, { contentType: 'image/webp' });
    await renewUserCacheKey(deps.db, userId);
    return { message: 'Image updated', error: false };
  });
}
