import sharp from 'sharp';
import { uniqueUsername } from './areas/fixtures.js';
import { connect, type Clients } from './client.js';
import type { NewUserOptions, Session, World } from './rows.js';
import type { ContractServer } from './server.js';

async function signIn(anon: Clients, baseUrl: string, username: string, password: string): Promise<Clients> {
  const res = await anon.UsersAuthenticationApi.getTokenApiAuthTokenPost(username, password);
  if (res.status !== 200) throw new Error(`sign-in of ${username} through the client failed: ${res.status} ${JSON.stringify(res.data)}`);
  return connect(baseUrl, (res.data as { access_token: string }).access_token);
}

async function self(clients: Clients, what: string) {
  const res = await clients.UsersCRUDApi.getLoggedInUserApiUsersSelfGet();
  if (res.status !== 200) throw new Error(`users/self of ${what} failed: ${res.status}`);
  return res.data;
}

/** Signs the default admin in through the client and creates a plain member in the default household. */
export async function createWorld(server: ContractServer): Promise<World> {
  const { baseUrl, ctx } = server;
  const anon = connect(baseUrl);
  const { username: adminName, password: adminPassword } = ctx.config.defaultAdmin;
  const adminClients = await signIn(anon, baseUrl, adminName, adminPassword);
  const admin: Session = { user: await self(adminClients, 'the admin'), password: adminPassword, clients: adminClients };

  const newUser = async (options: NewUserOptions = {}): Promise<Session> => {
    const username = uniqueUsername('contractuser');
    const password = 'Contract-pw-1';
    const created = await admin.clients.AdminManageUsersApi.createOneApiAdminUsersPost({
      username,
      fullName: `Contract ${username}`,
      email: `${username}@example.com`,
      password,
      ...options,
    });
    if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status} ${JSON.stringify(created.data)}`);
    const clients = await signIn(anon, baseUrl, username, password);
    return { user: await self(clients, username), password, clients };
  };

  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c0392b' } }).png().toBuffer();
  return { server, anon, admin, member: await newUser(), newUser, png };
}
