import crypto from 'node:crypto';
import { supportedNotifierSchemes } from '../../../contract/automation.js';
import type { Deps } from '../../platform/deps.js';
import { DEFAULT_LOCALE, translateError, type ErrorKey, type MessageVars } from '../../platform/i18n/index.js';
import { automationRequest, DeliveryError } from '../automation/http.js';

/**
 * Apprise-style notifier URLs, sent natively (no Python side-car). Each scheme turns into the request(s)
 * the service documents; `prepareNotifier` checks a URL once (bad ones are a 422 at save time) and returns
 * a sender. Hosted services (discord, slack, tgram, pover, ntfy.sh) can be pointed at a local stand-in
 * through deps.outbound.serviceBaseUrls, which only tests set.
 */
export interface NotifierMessage {
  title: string;
  body: string;
}

type SendDeps = Pick<Deps, 'outbound' | 'mailer'>;
export interface PreparedNotifier {
  scheme: string;
  send(deps: SendDeps, message: NotifierMessage): Promise<void>;
}

/** A notifier URL the server cannot use; `key` and `vars` say why in the client's language. */
export class NotifierUrlError extends Error {
  constructor(
    public readonly key: ErrorKey,
    public readonly vars: MessageVars = {},
  ) {
    super(translateError(DEFAULT_LOCALE, key, vars));
  }
}

const HOSTED: Record<string, string> = {
  discord: 'https://discord.com',
  slack: 'https://hooks.slack.com',
  tgram: 'https://api.telegram.org',
  pover: 'https://api.pushover.net',
  ntfy: 'https://ntfy.sh',
};

const hosted = (deps: SendDeps, service: string) => (deps.outbound?.serviceBaseUrls?.[service] ?? HOSTED[service]).replace(/\/+$/, '');

export const SUPPORTED_SCHEMES_TEXT = supportedNotifierSchemes.map((s) => `${s}://`).join(', ');

interface Parsed {
  scheme: string;
  secure: boolean;
  user: string;
  password: string;
  host: string;
  port: string;
  /** Path segments, decoded, without empty ones. */
  segments: string[];
  path: string;
  query: URLSearchParams;
  fragment: string;
}

function parse(raw: string): Parsed {
  const match = /^([a-z]+):\/\/(.*)$/i.exec(raw.trim());
  if (!match) throw new NotifierUrlError('notifiers.url-needs-a-scheme', { supported: SUPPORTED_SCHEMES_TEXT });
  const scheme = match[1].toLowerCase();
  if (!(supportedNotifierSchemes as readonly string[]).includes(scheme)) {
    throw new NotifierUrlError('notifiers.unsupported-scheme', { scheme, supported: SUPPORTED_SCHEMES_TEXT });
  }
  let url: URL;
  try {
    // mailto://?to=… has no host: parse it against a placeholder one.
    // tgram's bot token holds a colon and is read from the text by its sender.
    url = new URL(`http://${/^[/?]/.test(match[2]) || scheme === 'tgram' ? `localhost/${match[2]}` : match[2]}`);
  } catch {
    throw new NotifierUrlError('notifiers.url-is-malformed', { scheme });
  }
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return {
    scheme,
    secure: /s$/.test(scheme) && scheme !== 'pover',
    user: decode(url.username),
    password: decode(url.password),
    // Taken from the text, not url.hostname: WHATWG parsing turns a numeric id (a Discord webhook id) into an IPv4 address.
    host: scheme === 'tgram' ? '' : (rawHost(match[2]) ?? url.hostname),
    port: url.port,
    segments: url.pathname.split('/').filter(Boolean).map(decode),
    path: url.pathname,
    // Apprise's +Header and :field parameters: a literal "+" must not become a space as in form decoding.
    query: new URLSearchParams(url.search.replace(/^\?/, '').split('&').filter(Boolean).map((pair) => {
      const at = pair.indexOf('=');
      return (at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]).map(decode) as [string, string];
    })),
    fragment: decode(url.hash.replace(/^#/, '')),
  };
}

function rawHost(rest: string): string | null {
  const authority = rest.split(/[/?#]/)[0];
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (hostPort.startsWith('[')) return null;
  const host = hostPort.replace(/:\d*$/, '');
  return host ? decodeURIComponent(host) : null;
}

function need(condition: unknown, scheme: string, what: string): asserts condition {
  if (!condition) throw new NotifierUrlError('notifiers.url-needs', { scheme, what });
}

const basicAuth = (p: Parsed): Record<string, string> =>
  p.user ? { authorization: `Basic ${Buffer.from(`${p.user}:${p.password}`).toString('base64')}` } : {};
const origin = (p: Parsed, defaultPort = '') => `${p.secure ? 'https' : 'http'}://${p.host.includes(':') ? `[${p.host}]` : p.host}${p.port || defaultPort ? `:${p.port || defaultPort}` : ''}`;

/** Apprise's +Header=value query parameters. */
function extraHeaders(p: Parsed): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of p.query) if (key.startsWith('+') && key.length > 1) headers[key.slice(1)] = value;
  return headers;
}

function webhookStyle(p: Parsed, encode: (m: NotifierMessage) => { contentType: string; body: string }): PreparedNotifier {
  need(p.host, p.scheme, 'a host');
  const method = (p.query.get('method') ?? 'POST').toUpperCase();
  need(method === 'POST' || method === 'PUT', p.scheme, 'method POST or PUT');
  const rest = new URLSearchParams([...p.query].filter(([k]) => !k.startsWith('+') && !k.startsWith(':') && !k.startsWith('-') && k !== 'method'));
  const target = `${origin(p)}${p.path}${rest.size ? `?${rest}` : ''}`;
  return {
    scheme: p.scheme,
    async send(deps, message) {
      const { contentType, body } = encode(message);
      await automationRequest(deps, { url: target, method: method as 'POST' | 'PUT', headers: { 'content-type': contentType, ...basicAuth(p), ...extraHeaders(p) }, body });
    },
  };
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const htmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

function prepareParsed(p: Parsed, raw: string): PreparedNotifier {
  switch (p.scheme) {
    case 'json':
    case 'jsons':
      return webhookStyle(p, (m) => {
        const payload: Record<string, unknown> = { version: '1.0', title: m.title, message: m.body, attachments: [], type: 'info' };
        for (const [key, value] of p.query) {
          if (key.startsWith(':') && key.length > 1) payload[key.slice(1)] = value;
          if (key.startsWith('-') && key.length > 1) delete payload[key.slice(1)];
        }
        return { contentType: 'application/json', body: JSON.stringify(payload) };
      });
    case 'form':
    case 'forms':
      return webhookStyle(p, (m) => ({ contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams({ version: '1.0', title: m.title, message: m.body, type: 'info' }).toString() }));
    case 'xml':
    case 'xmls':
      return webhookStyle(p, (m) => ({
        contentType: 'application/xml; charset=utf-8',
        body:
          '<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
          `<soapenv:Body><Notification xmlns:xsi="http://nuxref.com/apprise/NotifyXML-1.0.xsd"><Version>1.0</Version><Subject>${xmlEscape(m.title)}</Subject><MessageType>info</MessageType><Message>${xmlEscape(m.body)}</Message></Notification></soapenv:Body></soapenv:Envelope>`,
      }));
    case 'ntfy':
    case 'ntfys': {
      // ntfy://topic → ntfy.sh; ntfy://host[:port]/topic[/topic2] → a self-hosted server.
      const topics = p.segments.length ? p.segments : [p.host];
      need(topics.length && topics.every((t) => /^[\w-]+$/.test(t)), p.scheme, 'a topic (ntfy://topic or ntfy://host/topic)');
      const server = p.segments.length ? origin(p) : null;
      const token = p.query.get('token');
      return {
        scheme: p.scheme,
        async send(deps, message) {
          const base = server ?? hosted(deps, 'ntfy');
          const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'x-title': encodeHeader(message.title), ...basicAuth(p) };
          if (token) headers.authorization = `Bearer ${token}`;
          if (p.query.get('priority')) headers['x-priority'] = p.query.get('priority')!;
          if (p.query.get('tags')) headers['x-tags'] = p.query.get('tags')!;
          for (const topic of topics) await automationRequest(deps, { url: `${base}/${topic}`, headers, body: message.body });
        },
      };
    }
    case 'gotify':
    case 'gotifys': {
      need(p.host && p.segments.length >= 1, p.scheme, 'a host and an application token (gotify://host/token)');
      const token = p.segments[p.segments.length - 1];
      const prefix = p.segments.slice(0, -1).map(encodeURIComponent).join('/');
      const priority = Number(p.query.get('priority') ?? 5);
      return {
        scheme: p.scheme,
        async send(deps, message) {
          await automationRequest(deps, {
            url: `${origin(p)}/${prefix ? `${prefix}/` : ''}message`,
            headers: { 'content-type': 'application/json', 'x-gotify-key': token },
            body: JSON.stringify({ title: message.title, message: message.body, priority: Number.isFinite(priority) ? priority : 5 }),
          });
        },
      };
    }
    case 'discord': {
      need(p.host && p.segments.length >= 1, p.scheme, 'a webhook id and token (discord://webhook_id/webhook_token)');
      const [id, token] = [p.host, p.segments[0]];
      return {
        scheme: p.scheme,
        async send(deps, message) {
          const content = `**${message.title}**\r\n${message.body}`.slice(0, 2000);
          await automationRequest(deps, {
            url: `${hosted(deps, 'discord')}/api/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ content, ...(p.user ? { username: p.user } : {}) }),
          });
        },
      };
    }
    case 'slack': {
      const tokens = [p.host, ...p.segments].filter((s) => !s.startsWith('#'));
      const channel = p.segments.find((s) => s.startsWith('#')) ?? (p.fragment ? `#${p.fragment}` : undefined);
      need(tokens.length === 3 && tokens.every((t) => /^[\w-]+$/.test(t)), p.scheme, 'three webhook tokens (slack://TokenA/TokenB/TokenC)');
      return {
        scheme: p.scheme,
        async send(deps, message) {
          await automationRequest(deps, {
            url: `${hosted(deps, 'slack')}/services/${tokens.join('/')}`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ text: `*${message.title}*\n${message.body}`, ...(p.user ? { username: p.user } : {}), ...(channel ? { channel } : {}) }),
          });
        },
      };
    }
    case 'tgram': {
      // The bot token holds a colon (123456:ABC…), so this scheme is split by hand rather than as host:port.
      const parts = raw.trim().replace(/^tgram:\/\//i, '').split('?')[0].split('/').filter(Boolean);
      const [botToken, ...chats] = parts;
      need(botToken && /^(bot)?\d+:[\w-]+$/.test(botToken) && chats.length > 0, p.scheme, 'a bot token and a chat id (tgram://123456:ABC-token/chat_id)');
      return {
        scheme: p.scheme,
        async send(deps, message) {
          const token = botToken.replace(/^bot/, '');
          for (const chat of chats) {
            await automationRequest(deps, {
              url: `${hosted(deps, 'tgram')}/bot${token}/sendMessage`,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ chat_id: decodeURIComponent(chat), text: `<b>${htmlEscape(message.title)}</b>\r\n${htmlEscape(message.body)}`, parse_mode: 'HTML' }),
            });
          }
        },
      };
    }
    case 'pover': {
      need(p.user && p.host, p.scheme, 'a user key and an application token (pover://user_key@app_token)');
      return {
        scheme: p.scheme,
        async send(deps, message) {
          const form = new URLSearchParams({ token: p.host, user: p.user, title: message.title, message: message.body });
          if (p.segments.length) form.set('device', p.segments.join(','));
          if (p.query.get('priority')) form.set('priority', p.query.get('priority')!);
          await automationRequest(deps, { url: `${hosted(deps, 'pover')}/1/messages.json`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
        },
      };
    }
    case 'hassio':
    case 'hassios': {
      need(p.host && p.segments.length >= 1, p.scheme, 'a host and a long-lived access token (hassio://host/token)');
      const token = p.segments[p.segments.length - 1];
      const prefix = p.segments.slice(0, -1).map(encodeURIComponent).join('/');
      return {
        scheme: p.scheme,
        async send(deps, message) {
          const body: Record<string, string> = { title: message.title, message: message.body };
          if (p.query.get('nid')) body.notification_id = p.query.get('nid')!;
          await automationRequest(deps, {
            url: `${origin(p, p.secure ? '' : '8123')}/${prefix ? `${prefix}/` : ''}api/services/persistent_notification/create`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
        },
      };
    }
    case 'matrix':
    case 'matrixs':
      return prepareMatrix(p);
    case 'mailto':
    case 'mailtos': {
      const to = (p.query.get('to') ?? (p.user ? `${p.user}@${p.host}` : '')).split(/[,\s]+/).filter(Boolean);
      need(to.length > 0 && to.every((a) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a)), p.scheme, 'a recipient (mailto://name@example.com or mailto://?to=name@example.com)');
      return {
        scheme: p.scheme,
        async send(deps, message) {
          if (!deps.mailer.ready) throw new DeliveryError('Email is not configured on this server (SMTP_HOST…)');
          for (const address of to) await deps.mailer.send({ to: address, subject: message.title, text: message.body });
        },
      };
    }
    default:
      throw new NotifierUrlError('notifiers.unsupported-scheme', { scheme: p.scheme, supported: SUPPORTED_SCHEMES_TEXT });
  }
}

/** matrix://user:password@host/#room (signs in) or matrix://access_token@host/#room; rooms as #alias or !id. */
function prepareMatrix(p: Parsed): PreparedNotifier {
  const rooms = [...p.segments, ...(p.fragment ? [`#${p.fragment}`] : [])]
    .map((r) => (/^[#!]/.test(r) ? r : `#${r}`))
    .map((r) => (r.includes(':') ? r : `${r}:${p.host}`));
  const token = p.query.get('token') ?? (p.user && !p.password ? p.user : '');
  need(p.host && rooms.length > 0 && (token || (p.user && p.password)), p.scheme, 'a host, a room and credentials (matrix://user:password@host/#room or matrix://token@host/#room)');
  return {
    scheme: p.scheme,
    async send(deps, message) {
      const base = `${origin(p)}/_matrix/client/v3`;
      const json = { 'content-type': 'application/json' };
      let accessToken = token;
      if (!accessToken) {
        const login = await automationRequest(deps, {
          url: `${base}/login`,
          headers: json,
          body: JSON.stringify({ type: 'm.login.password', identifier: { type: 'm.id.user', user: p.user }, password: p.password }),
        });
        accessToken = String(JSON.parse(login.body.toString('utf8')).access_token ?? '');
        if (!accessToken) throw new DeliveryError('The Matrix server did not return an access token');
      }
      const auth = { ...json, authorization: `Bearer ${accessToken}` };
      for (const room of rooms) {
        let roomId = room;
        if (room.startsWith('#')) {
          const found = await automationRequest(deps, { method: 'GET', url: `${base}/directory/room/${encodeURIComponent(room)}`, headers: auth });
          roomId = String(JSON.parse(found.body.toString('utf8')).room_id ?? '');
          if (!roomId) throw new DeliveryError(`The Matrix room ${room} was not found`);
        }
        await automationRequest(deps, {
          method: 'PUT',
          url: `${base}/rooms/${encodeURIComponent(roomId)}/send/m.room.message/${crypto.randomUUID()}`,
          headers: auth,
          body: JSON.stringify({ msgtype: 'm.text', body: `${message.title}\r\n${message.body}` }),
        });
      }
    },
  };
}

/** Header values must be Latin-1: non-ASCII titles go RFC 2047-encoded (ntfy decodes them). */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function prepareNotifier(appriseUrl: string): PreparedNotifier {
  return prepareParsed(parse(appriseUrl), appriseUrl);
}

/** Schemes whose messages go to the host named in the URL (the others go to a hosted service or by email). */
const SELF_HOSTED = new Set(['json', 'jsons', 'form', 'forms', 'xml', 'xmls', 'gotify', 'gotifys', 'hassio', 'hassios', 'matrix', 'matrixs']);

/** The host a notifier URL sends to, when it names one (ntfy://host/topic does, ntfy://topic does not); else null. */
export function notifierHost(appriseUrl: string): string | null {
  let p: Parsed;
  try {
    p = parse(appriseUrl);
  } catch {
    return null;
  }
  if (SELF_HOSTED.has(p.scheme)) return p.host || null;
  if ((p.scheme === 'ntfy' || p.scheme === 'ntfys') && p.segments.length) return p.host || null;
  return null;
}
