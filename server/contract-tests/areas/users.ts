import { uniqueUsername } from './fixtures.js';
import { expect } from 'vitest';
import { op, type Session } from '../rows.js';
import { uploadField } from '../uploads.js';

const asSelf = (me: Session) => me.clients;

function expectBearerToken(body: unknown) {
  expect(body).toMatchObject({ access_token: expect.stringMatching(/^ey/), token_type: 'bearer' });
}

/** Sign-in, the signed-in user, passwords, registration, API tokens, avatars. */
export const userRows = [
  op('UsersAuthenticationApi', 'getTokenApiAuthTokenPost').row({
    as: 'anon',
    status: 200,
    args: (w) => [w.server.ctx.config.defaultAdmin.username, w.server.ctx.config.defaultAdmin.password],
    check: expectBearerToken,
  }),
  op('UsersAuthenticationApi', 'getTokenApiAuthTokenPost').row({
    as: 'anon',
    status: 200,
    title: 'by email, remember me',
    args: (w) => [w.member.user.email, w.member.password, true],
    check: expectBearerToken,
  }),
  op('UsersAuthenticationApi', 'refreshTokenApiAuthRefreshGet').row({ as: 'member', status: 200, args: () => [], check: expectBearerToken }),
  // Logout ends the session it is called with (issue 9, item 7): a user of its own, so the member stays signed in.
  op('UsersAuthenticationApi', 'logoutApiAuthLogoutPost').row({ as: asSelf, status: 200, setup: (w) => w.newUser(), args: () => [] }),

  op('UsersCRUDApi', 'getLoggedInUserApiUsersSelfGet').row({
    as: 'member',
    status: 200,
    args: () => [],
    check: (body, w) => expect(body).toMatchObject({ id: w.member.user.id, admin: false }),
  }),
  op('UsersCRUDApi', 'getLoggedInUserApiUsersSelfGet').row({
    as: 'admin',
    status: 200,
    args: () => [],
    check: (body) => expect(body).toMatchObject({ username: 'admin', admin: true }),
  }),
  op('UsersCRUDApi', 'updateUserApiUsersItemIdPut').row({
    as: 'member',
    status: 200,
    args: (w) => [w.member.user.id, { email: w.member.user.email, username: w.member.user.username, fullName: 'Member Renamed' }],
  }),
  op('UsersCRUDApi', 'updatePasswordApiUsersPasswordPut').row({
    as: asSelf,
    status: 200,
    setup: (w) => w.newUser(),
    args: (_w, me) => [{ currentPassword: me.password, newPassword: 'Changed-pw-42' }],
  }),

  op('UsersPasswordsApi', 'forgotPasswordApiUsersForgotPasswordPost').row({
    as: 'anon',
    status: 200,
    args: (w) => [{ email: w.member.user.email }],
    check: (_body, w) => expect(w.server.mailbox.some((mail) => mail.to === w.member.user.email)).toBe(true),
  }),
  op('UsersPasswordsApi', 'resetPasswordApiUsersResetPasswordPost').row({
    as: 'anon',
    status: 200,
    setup: async (w) => {
      const me = await w.newUser();
      const issued = await w.admin.clients.AdminManageUsersApi.generateTokenApiAdminUsersPasswordResetTokenPost({ email: me.user.email });
      return { me, token: issued.data.token };
    },
    args: (_w, { me, token }) => [{ token, email: me.user.email, password: 'Reset-pw-123', passwordConfirm: 'Reset-pw-123' }],
  }),

  op('UsersRegistrationApi', 'registerNewUserApiUsersRegisterPost').row({
    as: 'anon',
    status: 201,
    args: () => {
      const name = uniqueUsername('signup');
      return [
        {
          email: `${name}@example.com`,
          username: name,
          fullName: `Signup ${name}`,
          password: 'Signup-pw-123',
          passwordConfirm: 'Signup-pw-123',
          group: `Group ${name}`,
          household: 'Home',
          advanced: false,
          private: false,
          seedData: false,
          locale: 'en-US',
        },
      ];
    },
  }),

  op('UsersTokensApi', 'createApiTokenApiUsersApiTokensPost').row({
    as: 'member',
    status: 201,
    args: () => [{ name: 'contract token', integrationId: 'generic' }],
  }),
  op('UsersTokensApi', 'deleteApiTokenApiUsersApiTokensTokenIdDelete').row({
    as: 'member',
    status: 200,
    setup: async (w) => (await w.member.clients.UsersTokensApi.createApiTokenApiUsersApiTokensPost({ name: 'to delete' })).data.id,
    args: (_w, tokenId) => [tokenId],
  }),

  op('UsersImagesApi', 'updateUserImageApiUsersIdImagePost').row({
    as: asSelf,
    status: 200,
    setup: (w) => w.newUser(),
    args: (w, me) => [me.user.id, uploadField(w.png, 'avatar.png', 'image/png')],
  }),
  op('RecipeImagesAndAssetsApi', 'getUserImageApiMediaUsersUserIdFileNameGet').row({
    as: 'anon',
    status: 200,
    setup: async (w) => {
      const me = await w.newUser();
      const uploaded = await me.clients.UsersImagesApi.updateUserImageApiUsersIdImagePost(me.user.id, uploadField(w.png, 'avatar.png', 'image/png'));
      if (uploaded.status !== 200) throw new Error(`avatar upload failed: ${uploaded.status}`);
      return me;
    },
    args: (_w, me) => [me.user.id, 'profile.webp'],
  }),
  op('RecipeImagesAndAssetsApi', 'getValidationTextApiMediaDockerValidateTxtGet').row({
    as: 'anon',
    status: 200,
    // Placed by whoever deploys (Mealie's Docker check); the server only serves it.
    setup: async (w) => {
      await w.server.ctx.deps.storage.put('docker-validation/validate.txt', Buffer.from('contract-validation'));
    },
    args: () => [],
    check: (body) => expect(body).toBe('contract-validation'),
  }),
];
