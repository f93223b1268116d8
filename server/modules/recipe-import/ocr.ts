import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSharp } from '../../lazy.js';
import type { Worker } from 'tesseract.js';
import { lazyRequire } from '../../lazy.js';

const loadTesseract = lazyRequire<typeof import('tesseract.js')>('tesseract.js');
import { badRequest } from '../../platform/errors.js';

/**
 * Local OCR with tesseract.js and the English model shipped in @tesseract.js-data/eng: nothing is downloaded
 * at run time (langPath points at the package, no cache is written). One worker, started on first use and
 * shared by every request one image at a time, ended when the app closes.
 */

function englishModelDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** Pages are read best in greyscale at a size where body text is some 30 pixels high. */
async function prepare(image: Buffer): Promise<Buffer> {
  try {
    const sharp = await loadSharp();
    const source = sharp(image, { limitInputPixels: 100_000_000 }).rotate();
    const { width = 0 } = await source.metadata();
    const resized = width > 0 && width < 1200 ? source.resize({ width: 1600 }) : width > 4000 ? source.resize({ width: 4000 }) : source;
    return await resized.grayscale().normalise().png().toBuffer();
  } catch {
    throw badRequest('common.image-could-not-be-read');
  }
}

export class OcrEngine {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private getWorker(): Promise<Worker> {
    this.worker ??= loadTesseract().createWorker('eng', loadTesseract().OEM.LSTM_ONLY, { langPath: englishModelDir(), cacheMethod: 'none', gzip: true }).catch((error: unknown) => {
      this.worker = null;
      throw error;
    });
    return this.worker;
  }

  /** The text of one image, lines separated by newlines. */
  recognize(image: Buffer): Promise<string> {
    const run = this.queue.then(async () => {
      const prepared = await prepare(image);
      const worker = await this.getWorker();
      const result = await worker.recognize(prepared);
      return result.data.text;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }
}
