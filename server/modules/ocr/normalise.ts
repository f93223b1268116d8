import { loadSharp } from '../../lazy.js';
import { badRequest } from '../../platform/errors.js';

/**
 * Photos are made readable before OCR: turned upright from their EXIF orientation, scaled so body text is
 * some 25–40 pixels high (small photos up, huge ones down), greyscale with the contrast stretched. Deskewing
 * happens after tesseract has measured the skew (see engine.ts).
 */

/** Longest side after normalising: enough for a full page, small enough to read in a few seconds. */
export const MAX_SIDE = 2800;
const MIN_WIDTH = 1200;
const TARGET_SMALL_WIDTH = 1600;
/** Larger inputs are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}


export async function normaliseImage(image: Buffer): Promise<PreparedImage> {
  const sharp = await loadSharp();
  try {
    // rotate() with no angle applies (and drops) the EXIF orientation.
    const upright = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    if (width < 16 || height < 16) throw badRequest('ocr.image-is-too-small-to-read');
    let pipeline = sharp(upright.data);
    if (Math.max(width, height) > MAX_SIDE) pipeline = pipeline.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' });
    else if (width < MIN_WIDTH) pipeline = pipeline.resize({ width: Math.min(TARGET_SMALL_WIDTH, Math.round((MAX_SIDE * width) / height)) });
    const out = await pipeline.flatten({ background: '#ffffff' }).grayscale().normalise().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
    return { data: out.data, width: out.info.width, height: out.info.height };
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw badRequest('common.image-could-not-be-read');
  }
}

/** The image turned by `radians` (tesseract's measured skew) about its centre, the corners filled white. */
export async function deskew(image: PreparedImage, radians: number): Promise<PreparedImage> {
  const sharp = await loadSharp();
  const degrees = (radians * 180) / Math.PI;
  const out = await sharp(image.data).rotate(degrees, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}

/** The image the editor shows under the boxes: the same pixels as read, as a compact JPEG data URL. */
export async function displayImage(image: PreparedImage): Promise<string> {
  const sharp = await loadSharp();
  const jpeg = await sharp(image.data).jpeg({ quality: 78, mozjpeg: false }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
