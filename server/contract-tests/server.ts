import type { AddressInfo } from 'node:net';
import type { Mail, Mailer } from '../platform/mailer.js';
import { createTestContext, type TestContext } from '../test/harness.js';

/** A real Hearth listening on a free loopback port, with a fresh DATA_DIR and database (TEST_DB picks the engine). */
export interface ContractServer {
  ctx: TestContext;
  baseUrl: string;
  /** Every email the server sent, newest last. */
  mailbox: Mail[];
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
  const ctx = await createTestContext({ env: { ALLOW_SIGNUP: 'true' }, mailer });
  try {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await ctx.close();
    throw err;
  }
  const { port } = ctx.app.server.address() as AddressInfo;
  return { ctx, baseUrl: `http://127.0.0.1:${port}`, mailbox, close: () => ctx.close() };
}
