import type { Config } from '../../config.js';
import { sniffImage } from '../../platform/storage.js';
import { chatJson, openAiConfigured, type ChatMessage } from '../recipe-import/openai.js';

/**
 * POST /api/admin/debug/openai: one round trip to the configured OpenAI-compatible endpoint (with the
 * picture when one is sent), answering whether it worked and what came back, never throwing.
 */
export async function debugOpenAi(config: Config, image: Buffer | null): Promise<{ success: boolean; response: string | null }> {
  if (!openAiConfigured(config)) return { success: false, response: 'OpenAI is not enabled on this server (set OPENAI_API_KEY)' };
  const kind = image ? sniffImage(image) : null;
  if (image && !kind) return { success: false, response: 'The file is not a picture' };
  const prompt = image
    ? 'Describe this image in one sentence. Answer as JSON: {"response": "..."}'
    : 'This is a test request from Hearth. Answer as JSON: {"response": "Hello from OpenAI"}';
  const messages: ChatMessage[] = [
    {
      role: 'user',
      content: image ? [{ type: 'text', text: prompt }, { type: 'image_url', image_url: { url: `data:image/${kind};base64,${image.toString('base64')}` } }] : prompt,
    },
  ];
  try {
    const answer = await chatJson(config, messages);
    const text = typeof answer === 'object' && answer && 'response' in answer ? String((answer as { response: unknown }).response) : JSON.stringify(answer);
    return { success: true, response: text };
  } catch (error) {
    return { success: false, response: (error as Error).message };
  }
}
