import type { OcrBlock, OcrBox, OcrLine, OcrWord } from '../../../contract/ocr.js';

/**
 * Tesseract's own layout reads a two-column page across (one line holds an ingredient and a step) when the
 * columns are short. The words are regrouped here: a line is cut where two words stand further apart than
 * any word space (a column gutter), and the pieces are stacked into blocks — a piece joins the block above
 * it when it sits right under that block's last line and overlaps it sideways. A column, a heading with the
 * list under it, a paragraph each become one block.
 */

export interface RawWord {
  text: string;
  confidence: number;
  bbox: OcrBox;
}

export interface RawLine {
  words: RawWord[];
  /** Tesseract's baseline and row size (ascender to descender), whatever letters the line holds. */
  baseline?: { y0: number; y1: number };
  rowAttributes?: { rowHeight: number };
}

/** A gap wider than this many line heights is a gutter, not a space. */
const GUTTER = 1.8;
/** Baselines further apart than this many row heights have a blank line between them: a new block. */
const BLOCK_PITCH = 2.0;
/** A line this much larger or smaller than the one above (a title over body text) starts a new block. */
const SIZE_CHANGE = 1.4;

export interface Piece {
  line: Omit<OcrLine, 'id'>;
  size: number;
  baseline: number;
}

function union(boxes: OcrBox[]): OcrBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

const mean = (values: number[]) => (values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : 0);
const height = (box: OcrBox) => Math.max(1, box.y1 - box.y0);

function makeLine(words: OcrWord[]): Omit<OcrLine, 'id'> {
  return { text: words.map((w) => w.text).join(' '), confidence: mean(words.map((w) => w.confidence)), bbox: union(words.map((w) => w.bbox)), words };
}

/** Noise a photo's edge or a smudge gives: no letter or digit and no confidence. */
function isNoise(line: Omit<OcrLine, 'id'>): boolean {
  return !/[\p{L}\p{N}]/u.test(line.text) || (line.confidence < 25 && line.text.replace(/\s/g, '').length <= 2);
}

/** Cuts each line at its gutters. */
export function splitColumns(lines: RawLine[]): Piece[] {
  const pieces: Piece[] = [];
  for (const line of lines) {
    const words: OcrWord[] = line.words
      .map((w) => ({ text: w.text.trim(), confidence: Math.round(w.confidence * 10) / 10, bbox: w.bbox }))
      .filter((w) => w.text.length > 0)
      .sort((a, b) => a.bbox.x0 - b.bbox.x0);
    if (words.length === 0) continue;
    const lineHeight = Math.max(...words.map((w) => height(w.bbox)));
    const size = line.rowAttributes?.rowHeight || lineHeight;
    const add = (group: OcrWord[]) => {
      const made = makeLine(group);
      const baseline = line.baseline ? (line.baseline.y0 + line.baseline.y1) / 2 : made.bbox.y1;
      if (!isNoise(made)) pieces.push({ line: made, size, baseline });
    };
    let current: OcrWord[] = [words[0]];
    for (const word of words.slice(1)) {
      const gap = word.bbox.x0 - current[current.length - 1].bbox.x1;
      if (gap > GUTTER * lineHeight) {
        add(current);
        current = [];
      }
      current.push(word);
    }
    add(current);
  }
  return pieces;
}

interface Building {
  lines: Array<Omit<OcrLine, 'id'>>;
  last: Piece;
  bbox: OcrBox;
}

/** Stacks line pieces into blocks, in reading order (top to bottom, then left to right). */
export function groupBlocks(pieces: Piece[], pageIndex: number): OcrBlock[] {
  const sorted = [...pieces].sort((a, b) => a.baseline - b.baseline || a.line.bbox.x0 - b.line.bbox.x0);
  const blocks: Building[] = [];
  for (const piece of sorted) {
    const box = piece.line.bbox;
    let best: Building | null = null;
    let bestPitch = Infinity;
    for (const block of blocks) {
      const last = block.last;
      const pitch = piece.baseline - last.baseline;
      const size = Math.max(piece.size, last.size);
      const below = pitch >= 0.5 * Math.min(piece.size, last.size);
      const near = pitch <= BLOCK_PITCH * size;
      const alike = size / Math.max(1, Math.min(piece.size, last.size)) < SIZE_CHANGE;
      const overlap = Math.min(box.x1, block.bbox.x1) - Math.max(box.x0, block.bbox.x0);
      const aligned = overlap > 0 || Math.abs(box.x0 - block.bbox.x0) < 2 * piece.size;
      if (below && near && alike && aligned && pitch < bestPitch) {
        best = block;
        bestPitch = pitch;
      }
    }
    if (best) {
      best.lines.push(piece.line);
      best.last = piece;
      best.bbox = union([best.bbox, box]);
    } else {
      blocks.push({ lines: [piece.line], last: piece, bbox: box });
    }
  }
  blocks.sort((a, b) => {
    const rowTolerance = Math.min(height(a.lines[0].bbox), height(b.lines[0].bbox));
    return Math.abs(a.bbox.y0 - b.bbox.y0) < rowTolerance ? a.bbox.x0 - b.bbox.x0 : a.bbox.y0 - b.bbox.y0;
  });
  return blocks.map((block, b) => {
    const lines = block.lines.map((line, l) => ({ id: `${pageIndex}.${b}.${l}`, ...line }));
    return {
      id: `${pageIndex}.${b}`,
      text: lines.map((l) => l.text).join('\n'),
      confidence: mean(lines.map((l) => l.confidence)),
      bbox: block.bbox,
      lines,
    };
  });
}
