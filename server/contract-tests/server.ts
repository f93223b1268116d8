import type { AddressInfo } from 'node:net';
import type { Mail, Mailer } from '../platform/mailer.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startFakeWeb, type FakeWeb } from './fake-web.js';

/** A real Hearth listening on a free loopback port, with a fresh DATA_DIR and database (TEST_DB picks the engine). */
export interface ContractServer {
  ctx: TestContext;
  baseUrl: string;
  /** Every email the server sent, newest last. */
  mailbox: Mail[];
  /** The recipe pages, pictures and OpenAI endpoint the server fetches from, on loopback too. */
  web: FakeWeb;
  close(): Promise<void>;
}

export async function startContractServer(): Promise<ContractServer> {
  const mailbox: Mail[] = [];
  const mailer: Mailer = {
    ready: true,
    async send(mail) {
      mailbox.push(mail);
    },
  };
  const web = await startFakeWeb();
  // Private addresses are refused by default (SSRF); the fake web lives on 127.0.0.1.
  const env = { ALLOW_SIGNUP: 'true', ALLOW_PRIVATE_NETWORK_FETCH: 'true', ...web.openAiEnv };
  let ctx: TestContext;
  try {
    // Webhooks, notifiers and recipe actions go through the outbound policy, which refuses loopback unless told.
    ctx = await createTestContext({ env, mailer, outbound: { allowLoopback: true } });
  } catch (err) {
    await web.close();
    throw err;
  }
  try {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await ctx.close();
    await web.close();
    throw err;
  }
  const { port } = ctx.app.server.address() as AddressInfo;
  return {
    ctx,
    baseUrl: `http://127.0.0.1:${port}`,
    mailbox,
    web,
    close: async () => {
      await ctx.close();
      await web.close();
    },
  };
}
