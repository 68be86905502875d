import type { z } from 'zod';
import { describeIssues, ReferenceDataError } from './referenceDataError';

/**
 * Parses a JSON reference file with `schema`; a syntax error or a broken rule names the file and the line
 * where the offending value starts.
 */
export function parseJsonFile<T extends z.ZodType>(text: string, file: string, schema: T): z.output<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    throw new ReferenceDataError(
      file,
      position ? lineAt(text, Number(position[1])) : null,
      `not valid JSON: ${message}`,
    );
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path ?? [];
  throw new ReferenceDataError(file, jsonLineOf(text, path), describeIssues(parsed.error));
}

function lineAt(text: string, position: number): number {
  return text.slice(0, position).split('\n').length;
}

/**
 * Line where the value at `path` starts in a valid JSON text, or where its nearest existing parent
 * starts. Only runs when a file is refused, so it scans rather than keeping positions for every load.
 */
export function jsonLineOf(text: string, path: readonly PropertyKey[]): number {
  let pos = 0;
  const skipSpace = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  const readString = (): string => {
    const start = pos++;
    while (pos < text.length && text[pos] !== '"') pos += text[pos] === '\\' ? 2 : 1;
    pos++;
    return JSON.parse(text.slice(start, pos)) as string;
  };
  const skipValue = (): void => {
    skipSpace();
    const open = text[pos];
    if (open === '"') {
      readString();
      return;
    }
    if (open !== '{' && open !== '[') {
      while (pos < text.length && !/[,\]}\s]/.test(text[pos]!)) pos++;
      return;
    }
    const close = open === '{' ? '}' : ']';
    pos++;
    for (skipSpace(); pos < text.length && text[pos] !== close; skipSpace()) {
      if (open === '{') {
        readString();
        skipSpace();
        pos++; // the colon
      }
      skipValue();
      skipSpace();
      if (text[pos] === ',') pos++;
    }
    pos++;
  };
  /** Moves to the value of `key` inside the container at `pos`; false when there is none. */
  const enter = (key: PropertyKey): boolean => {
    skipSpace();
    const open = text[pos];
    if (open === '[') {
      pos++;
      for (let index = 0; index < Number(key); index++) {
        skipValue();
        skipSpace();
        if (text[pos] !== ',') return false;
        pos++;
      }
      skipSpace();
      return text[pos] !== ']';
    }
    if (open !== '{') return false;
    pos++;
    for (skipSpace(); pos < text.length && text[pos] !== '}'; skipSpace()) {
      const name = readString();
      skipSpace();
      pos++; // the colon
      skipSpace();
      if (name === String(key)) return true;
      skipValue();
      skipSpace();
      if (text[pos] === ',') pos++;
    }
    return false;
  };
  skipSpace();
  let found = pos;
  for (const key of path) {
    if (!enter(key)) break;
    skipSpace();
    found = pos;
  }
  return lineAt(text, found);
}
