import { useCallback, useState } from 'react';
import type { RegisteredParser } from '../../../../../contract/parser';
import { readStorage, writeStorage } from '../../../lib/storage';

/** Spec §3 "parsing: parser nlp": the ingredient parser last chosen, kept in this browser. */
export const PARSERS: readonly RegisteredParser[] = ['nlp', 'brute', 'openai'];
export const DEFAULT_PARSER: RegisteredParser = 'nlp';
export const PARSER_STORAGE_KEY = 'hearth.parsing.parser';

export function toParser(value: string | null | undefined): RegisteredParser {
  return PARSERS.find((p) => p === value) ?? DEFAULT_PARSER;
}

export function readParserPreference(): RegisteredParser {
  return toParser(readStorage(PARSER_STORAGE_KEY));
}

/** The remembered parser and a setter that remembers the next choice. */
export function useParserPreference(): [RegisteredParser, (next: RegisteredParser) => void] {
  const [parser, setParser] = useState<RegisteredParser>(readParserPreference);
  const choose = useCallback((next: RegisteredParser) => {
    setParser(next);
    writeStorage(PARSER_STORAGE_KEY, next);
  }, []);
  return [parser, choose];
}
