import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpEnv, startFakeSmtp } from '../../test/fake-smtp.js';
import { createMember, createTestContext, type TestContext } from '../../test/harness.js';
import { firstDayOfWeekFor, localeFromAcceptLanguage, translate, translateError } from './index.js';

describe('localeFromAcceptLanguage', () => {
  it('picks by quality, exact tag first, then the language, else en-US', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(localeFromAcceptLanguage('de-AT')).toBe('de-DE');
    expect(localeFromAcceptLanguage('en;q=0.4, pl;q=0.9')).toBe('pl-PL');
    expect(localeFromAcceptLanguage('pt')).toBe('pt-PT');
    expect(localeFromAcceptLanguage('pt-BR')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('x-klingon, *')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr-CA;q=0, es')).toBe('es-ES');
  });

  it('translates a message key with the values it carries; a locale without the text falls back to English', () => {
    expect(translateError('en-US', 'foods.food-named-already-exists', { name: 'Zimt' })).toBe('A food named "Zimt" already exists');
    expect(translateError('de-DE', 'foods.food-named-already-exists', { name: 'Zimt' })).toContain('Zimt');
    expect(translateError('de-DE', 'foods.food-named-already-exists', { name: 'Zimt' })).not.toContain('already exists');
    expect(translateError('fr-FR', 'common.recipe-not-found')).not.toBe('Recipe not found');
    expect(translateError('x-none', 'common.recipe-not-found')).toBe('Recipe not found');
  });
});

/** The text of a received mail: its headers' encoded words and a quoted-printable body decoded. */
function decodeMail(raw: string): { subject: string; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
  let body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  } else if (/Content-Transfer-Encoding: base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { subject, body };
}

describe('firstDayOfWeekFor', () => {
  it('reads the week from Intl: Monday in Germany and Poland, Sunday in the US and Israel, Saturday in Iran', () => {
    expect(['de-DE', 'pl-PL', 'en-GB', 'en-US', 'he-IL', 'fa-IR'].map(firstDayOfWeekFor)).toEqual([1, 1, 1, 0, 0, 6]);
    expect(firstDayOfWeekFor('not a locale')).toBe(0);
  });
});

describe('server messages over HTTP', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    ctx = await createTestContext({
      env: smtpEnv(smtp.port),
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('answers errors in the language the client asks for, in Mealie’s shape', async () => {
    const url = '/api/recipes/no-such-recipe-here';
    const english = await ctx.app.inject({ method: 'GET', url, headers: ctx.admin });
    const german = await ctx.app.inject({ method: 'GET', url, headers: { ...ctx.admin, 'accept-language': 'de-DE,de;q=0.9' } });
    expect(english.statusCode).toBe(404);
    expect(german.statusCode).toBe(404);
    const englishMessage = english.json().detail.message as string;
    expect(german.json()).toEqual({ detail: { message: translateError('de-DE', 'common.no-entry-found'), error: true, exception: null } });
    expect(german.json().detail.message).not.toBe(englishMessage);
    // A 401 keeps its own shape ({"detail": "..."}), translated too.
    const forged = { authorization: 'Bearer not-a-token' };
    const english401 = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: forged });
    const hebrew401 = await ctx.app.inject({ method: 'GET', url: '/api/users/self', headers: { ...forged, 'accept-language': 'he-IL' } });
    expect(hebrew401.statusCode).toBe(401);
    expect(english401.json().detail).toBe('Could not validate credentials');
    expect(hebrew401.json().detail).toBe(translateError('he-IL', 'auth.could-not-validate-credentials'));
    expect(hebrew401.json().detail).not.toBe('Could not validate credentials');
  });

  it('starts a new household’s week where its creator’s language does; Mealie’s Sunday without one', async () => {
    const weekStart = async (headers: Record<string, string>, name: string) => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/admin/households', headers: { ...ctx.admin, ...headers }, payload: { name } });
      expect(created.statusCode, created.body).toBe(201);
      const row = await ctx.deps.db.selectFrom('household_preferences').select('first_day_of_week').where('household_id', '=', created.json().id).executeTakeFirstOrThrow();
      return Number(row.first_day_of_week);
    };
    expect(await weekStart({ 'accept-language': 'de-DE,de;q=0.9' }, 'Küche')).toBe(1);
    expect(await weekStart({ 'accept-language': 'fa-IR' }, 'Ashpazkhane')).toBe(6);
    expect(await weekStart({}, 'Kitchen')).toBe(0);
  });

  it('writes the password reset and the invitation emails in the asker’s language', async () => {
    await createMember(ctx, { username: 'lena' });
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', headers: { 'accept-language': 'pl-PL' }, payload: { email: 'lena@example.com' } });
    await expect.poll(() => smtp.inbox.length).toBe(1);
    const reset = decodeMail(smtp.inbox[0].raw);
    expect(reset.subject).toBe(translate('pl-PL', 'reset-subject'));
    expect(reset.subject).not.toBe('Hearth: reset your password');
    expect(reset.body).toContain('/reset-password?token=');
    const firstLine = translate('pl-PL', 'reset-body').split('\n')[0];
    expect(reset.body.replace(/\r/g, '')).toContain(firstLine);

    const token = (await ctx.app.inject({ method: 'POST', url: '/api/households/invitations', headers: ctx.admin, payload: { uses: 1 } })).json().token as string;
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/households/invitations/email', headers: { ...ctx.admin, 'accept-language': 'ar-SA' }, payload: { email: 'friend@example.com', token } });
    expect(sent.json()).toEqual({ success: true, error: null });
    const invitation = decodeMail(smtp.inbox[1].raw);
    expect(invitation.subject).not.toContain('invited you');
    expect(invitation.body).toContain(`/register?token=${token}`);
    expect(invitation.body).not.toContain('has invited you');
  });
});
