import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A tiny SMTP server on 127.0.0.1 that keeps what it receives, for testing real email sending. */
export async function startFakeSmtp(): Promise<{ port: number; inbox: ReceivedMail[]; close(): Promise<void> }> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server did not bind');
  return { port: address.port, inbox, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The env that points Hearth's mailer at a fake SMTP server. */
export function smtpEnv(port: number): Record<string, string> {
  return { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_FROM_EMAIL: 'hearth@example.com', SMTP_AUTH_STRATEGY: 'NONE' };
}
