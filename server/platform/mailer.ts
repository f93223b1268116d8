import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import { smtpReady } from '../config.js';
import { lazyRequire } from '../lazy.js';

const loadNodemailer = lazyRequire<typeof import('nodemailer')>('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  ready: boolean;
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Config): Mailer {
  if (!smtpReady(config)) {
    return {
      ready: false,
      async send() {
        throw new Error('Email is not configured (set SMTP_HOST, SMTP_FROM_EMAIL and friends)');
      },
    };
  }
  const s = config.smtp;
  let transport: Transporter | undefined;
  // nodemailer loads when the first email goes out, not at start-up.
  const connect = async () => {
    const nodemailer = loadNodemailer();
    return nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.strategy === 'SSL',
      requireTLS: s.strategy === 'TLS',
      ignoreTLS: s.strategy === 'NONE',
      auth: s.user && s.password ? { user: s.user, pass: s.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  };
  return {
    ready: true,
    async send(mail) {
      transport ??= await connect();
      await transport.sendMail({ from: { name: s.fromName, address: s.fromEmail! }, ...mail });
    },
  };
}
