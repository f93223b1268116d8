import type { Worker } from 'tesseract.js';
import { lazyRequire } from '../../lazy.js';
import type { OcrBlock } from '../../../contract/ocr.js';
import { modelDir, type OcrLanguage } from './languages.js';
import { groupBlocks, splitColumns, type RawLine } from './layout.js';
import { deskew, displayImage, normaliseImage, type PreparedImage } from './normalise.js';

const loadTesseract = lazyRequire<typeof import('tesseract.js')>('tesseract.js');

/**
 * One tesseract worker per language, started on first use (about a second: the model is read from disk)
 * and kept warm for every later page in that language. A worker reads one page at a time; pages in other
 * languages run on their own workers. The pool is shared by every app in the process (tests build many),
 * and ended when the last app using it closes.
 */

export interface ReadPage {
  width: number;
  height: number;
  deskewDegrees: number;
  image: string;
  text: string;
  confidence: number;
  blocks: OcrBlock[];
}

/** Skew below this (radians, ~0.3°) is left alone: turning costs sharpness for nothing. */
const MIN_SKEW = 0.005;

class LanguageWorker {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly language: OcrLanguage) {}

  private get(): Promise<Worker> {
    const tesseract = loadTesseract();
    this.worker ??= tesseract
      .createWorker(this.language, tesseract.OEM.LSTM_ONLY, { langPath: modelDir(this.language), cacheMethod: 'none', gzip: true })
      .catch((error: unknown) => {
        this.worker = null;
        throw error;
      });
    return this.worker;
  }

  /** Runs work on this language's worker once the pages before it are done. */
  run<T>(work: (worker: Worker) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => work(await this.get()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }
}

export class OcrPool {
  private readonly workers = new Map<OcrLanguage, LanguageWorker>();

  private worker(language: OcrLanguage): LanguageWorker {
    let worker = this.workers.get(language);
    if (!worker) {
      worker = new LanguageWorker(language);
      this.workers.set(language, worker);
    }
    return worker;
  }

  /** Normalises the photo, measures and removes its skew, and reads it into blocks, lines and words. */
  async readPage(language: OcrLanguage, photo: Buffer, pageIndex: number): Promise<ReadPage> {
    let image: PreparedImage = await normaliseImage(photo);
    const result = await this.worker(language).run(async (worker) => {
      // Layout analysis only (no recognition): tesseract's estimate of the text lines' slope.
      const measured = await worker.recognize(image.data, { rotateAuto: true }, { text: false });
      const radians = measured.data.rotateRadians ?? 0;
      if (Math.abs(radians) >= MIN_SKEW) image = await deskew(image, radians);
      const read = await worker.recognize(image.data, {}, { text: true, blocks: true });
      return { radians: Math.abs(radians) >= MIN_SKEW ? radians : 0, data: read.data };
    });
    const lines: RawLine[] = (result.data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((p) => p.lines));
    const blocks = groupBlocks(splitColumns(lines), pageIndex);
    return {
      width: image.width,
      height: image.height,
      deskewDegrees: Math.round(((result.radians * 180) / Math.PI) * 100) / 100,
      image: await displayImage(image),
      text: blocks.map((b) => b.text).join('\n\n'),
      confidence: Math.round(result.data.confidence * 10) / 10,
      blocks,
    };
  }

  /** Plain text of a photo (the one-step image import). */
  async readText(language: OcrLanguage, photo: Buffer): Promise<string> {
    const page = await this.readPage(language, photo, 0);
    return page.blocks.map((b) => b.text).join('\n');
  }

  async close(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map((w) => w.close()));
  }
}

let shared: OcrPool | null = null;
let users = 0;

/** The process's pool; call release() when the app that acquired it closes. */
export function acquireOcrPool(): { pool: OcrPool; release: () => Promise<void> } {
  shared ??= new OcrPool();
  users += 1;
  const pool = shared;
  let released = false;
  return {
    pool,
    release: async () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users === 0 && shared === pool) {
        shared = null;
        await pool.close();
      }
    },
  };
}
