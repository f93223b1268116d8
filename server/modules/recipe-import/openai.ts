import type { Config } from '../../config.js';
import { badRequest, HttpError } from '../../platform/errors.js';

/**
 * A minimal client of an OpenAI-compatible chat completions endpoint (OPENAI_BASE_URL, OPENAI_API_KEY,
 * OPENAI_MODEL), asking for a JSON object answer. Used by image import and the "openai" ingredient parser.
 */

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export type ChatContent = string | Array<{ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }>;

export interface ChatMessage {
  role: 'system' | 'user';
  content: ChatContent;
}

export function openAiConfigured(config: Config): boolean {
  return Boolean(config.openai.apiKey);
}

export function requireOpenAi(config: Config): void {
  if (!openAiConfigured(config)) throw badRequest('recipe-import.openai-is-not-enabled-on-this-server');
}

/** Sends the messages and returns the answer parsed as JSON; an unusable answer is a 502 with the reason. */
export async function chatJson(config: Config, messages: ChatMessage[]): Promise<unknown> {
  requireOpenAi(config);
  const base = (config.openai.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.openai.apiKey}` },
      body: JSON.stringify({ model: config.openai.model, messages, response_format: { type: 'json_object' } }),
      signal: AbortSignal.timeout(config.openai.timeoutSeconds * 1000),
    });
  } catch (error) {
    throw new HttpError(502, 'recipe-import.openai-request-failed', { value: error instanceof Error ? error.message : String(error) });
  }
  const text = await response.text();
  if (!response.ok) throw new HttpError(502, 'recipe-import.openai-service-answered', { status: response.status, value: text.slice(0, 300) });
  let content: unknown;
  try {
    const body = JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> };
    content = body.choices?.[0]?.message?.content;
  } catch {
    throw new HttpError(502, 'recipe-import.openai-service-sent-an-answer-that-is');
  }
  if (typeof content !== 'string' || content.trim() === '') throw new HttpError(502, 'recipe-import.openai-service-sent-an-empty-answer');
  try {
    return JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new HttpError(502, 'recipe-import.openai-service-did-not-answer-with-a');
  }
}
