/**
 * An averaged perceptron for greedy left-to-right sequence tagging (the classic part-of-speech tagger
 * recipe): each token's tag is scored from sparse string features, including the tags already given to
 * the tokens before it. Training keeps running totals so the averaged weights need no second pass.
 */

export interface TaggerModel {
  /** Tag names in weight-column order. */
  tags: readonly string[];
  /** feature → one weight per tag (columns in `tags` order). */
  weights: ReadonlyMap<string, Float32Array>;
}

/** The compact file form: weights scaled to integers, columns in `tags` order, zero columns kept as 0. */
export interface TaggerModelFile {
  version: 1;
  tags: string[];
  scale: number;
  weights: Record<string, number[]>;
}

/**
 * Scores are divided by this before the softmax that gives a tag's probability: raw perceptron margins
 * are large (a median of ~60 between the best and the second tag of a food word on held-out lines), and
 * unscaled they would make every probability 1. At 10, a margin of 20 reads as ~0.88.
 */
export const TEMPERATURE = 10;

export type FeatureFn = (index: number, previousTags: readonly string[]) => string[];

/** Scores of every tag for one token's features. */
export function scoreTags(model: TaggerModel, features: readonly string[]): Float64Array {
  const scores = new Float64Array(model.tags.length);
  for (const feature of features) {
    const row = model.weights.get(feature);
    if (!row) continue;
    for (let tag = 0; tag < scores.length; tag++) scores[tag] += row[tag];
  }
  return scores;
}

export interface TaggedToken {
  tag: string;
  /** Softmax probability of the chosen tag among all tags: a confidence in 0..1. */
  probability: number;
}

/**
 * Tags a sequence greedily. `fixed` may force a tag for a position (punctuation is never a food);
 * `allowed` may rule tags out for a position.
 */
export function tagSequence(
  model: TaggerModel,
  length: number,
  featuresAt: FeatureFn,
  fixed: (index: number) => string | null = () => null,
): TaggedToken[] {
  const tags: string[] = [];
  const out: TaggedToken[] = [];
  for (let index = 0; index < length; index++) {
    const forced = fixed(index);
    if (forced) {
      tags.push(forced);
      out.push({ tag: forced, probability: 1 });
      continue;
    }
    const scores = scoreTags(model, featuresAt(index, tags));
    let best = 0;
    for (let tag = 1; tag < scores.length; tag++) if (scores[tag] > scores[best]) best = tag;
    let total = 0;
    for (let tag = 0; tag < scores.length; tag++) total += Math.exp((scores[tag] - scores[best]) / TEMPERATURE);
    tags.push(model.tags[best]);
    out.push({ tag: model.tags[best], probability: 1 / total });
  }
  return out;
}

export interface TrainingSequence {
  length: number;
  gold: readonly string[];
  featuresAt: FeatureFn;
  fixed?: (index: number) => string | null;
}

/** A small deterministic generator (mulberry32) so training runs are repeatable. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Trains an averaged perceptron; the sequences are visited in a seeded shuffled order each epoch. */
export function trainTagger(tags: readonly string[], sequences: readonly TrainingSequence[], epochs = 10, seed = 1): TaggerModel {
  const weights = new Map<string, Float64Array>();
  const totals = new Map<string, Float64Array>();
  const stamps = new Map<string, Float64Array>();
  const tagIndex = new Map(tags.map((tag, index) => [tag, index]));
  let step = 0;
  const view: TaggerModel = { tags, weights: weights as unknown as Map<string, Float32Array> };

  const update = (feature: string, tag: number, delta: number) => {
    let row = weights.get(feature);
    if (!row) {
      row = new Float64Array(tags.length);
      weights.set(feature, row);
      totals.set(feature, new Float64Array(tags.length));
      stamps.set(feature, new Float64Array(tags.length));
    }
    const total = totals.get(feature)!;
    const stamp = stamps.get(feature)!;
    total[tag] += (step - stamp[tag]) * row[tag];
    stamp[tag] = step;
    row[tag] += delta;
  };

  const random = seededRandom(seed);
  const order = sequences.map((_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const swap = Math.floor(random() * (index + 1));
      [order[index], order[swap]] = [order[swap], order[index]];
    }
    for (const which of order) {
      const sequence = sequences[which];
      const history: string[] = [];
      for (let position = 0; position < sequence.length; position++) {
        step++;
        const gold = sequence.gold[position];
        if (sequence.fixed?.(position)) {
          history.push(gold);
          continue;
        }
        const features = sequence.featuresAt(position, history);
        const scores = scoreTags(view, features);
        let guess = 0;
        for (let tag = 1; tag < scores.length; tag++) if (scores[tag] > scores[guess]) guess = tag;
        const goldIndex = tagIndex.get(gold)!;
        if (guess !== goldIndex) {
          for (const feature of features) {
            update(feature, goldIndex, 1);
            update(feature, guess, -1);
          }
        }
        history.push(tags[guess]);
      }
    }
  }

  const averaged = new Map<string, Float32Array>();
  for (const [feature, row] of weights) {
    const total = totals.get(feature)!;
    const stamp = stamps.get(feature)!;
    const mean = new Float32Array(tags.length);
    for (let tag = 0; tag < tags.length; tag++) mean[tag] = (total[tag] + (step - stamp[tag]) * row[tag]) / step;
    averaged.set(feature, mean);
  }
  return { tags, weights: averaged };
}

/** Writes the model compactly: weights scaled and rounded, rows that round to zero dropped. */
export function toModelFile(model: TaggerModel, scale = 1000): TaggerModelFile {
  const weights: Record<string, number[]> = {};
  for (const [feature, row] of [...model.weights].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const scaled = [...row].map((value) => Math.round(value * scale));
    if (scaled.some((value) => value !== 0)) weights[feature] = scaled;
  }
  return { version: 1, tags: [...model.tags], scale, weights };
}

export function fromModelFile(file: TaggerModelFile): TaggerModel {
  const weights = new Map<string, Float32Array>();
  for (const [feature, row] of Object.entries(file.weights)) weights.set(feature, Float32Array.from(row, (value) => value / file.scale));
  return { tags: file.tags, weights };
}
