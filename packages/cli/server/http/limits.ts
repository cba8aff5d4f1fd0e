import { ApiError } from './errors.js';

/**
 * The shape limits of a JSON request body. §8 states no body size, item count or field length
 * limits ("not shown"), so these are our choices: far above anything a legal request needs (the
 * suites send bodies a few levels deep, with a handful of items and short strings), low enough that
 * no record the server stores can overflow a recursive copy or serializer later.
 */
export const bodyLimits = {
  /** Containers (objects and arrays) nested inside each other, the body itself counting as one. */
  depth: 32,
  /** Characters (UTF-16 code units) in one string, property names included. */
  stringLength: 65_536,
  /** Elements in one array, e.g. the items of an order. */
  arrayLength: 1_000,
} as const;

/**
 * The deepest container nesting of a JSON text, read without parsing it: brackets inside strings do
 * not count. Stops early once past `stopAbove`, so a hostile body costs one partial scan.
 */
export function nestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** Answers 422 (§7 "invalid data") when a body text nests deeper than the limit; checked before the text is parsed. */
export function checkNesting(text: string): void {
  if (nestingDepth(text, bodyLimits.depth) > bodyLimits.depth) {
    throw new ApiError(422, [{ field: 'body', message: `nests objects and arrays deeper than the limit of ${bodyLimits.depth} levels` }]);
  }
}

/**
 * Answers 422 for the first string or array of a parsed body past its limit, naming where it is
 * (`items.3.sku_code`). Walks with an explicit stack: the value is at most `bodyLimits.depth` deep.
 */
export function checkSizes(value: unknown): void {
  const stack: [value: unknown, path: string][] = [[value, '']];
  const at = (path: string, key: string | number): string => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.length > bodyLimits.stringLength) tooLong(path, `is longer than the limit of ${bodyLimits.stringLength} characters`);
    } else if (Array.isArray(current)) {
      if (current.length > bodyLimits.arrayLength) tooLong(path, `has more than the limit of ${bodyLimits.arrayLength} elements`);
      current.forEach((element, i) => stack.push([element, at(path, i)]));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, element] of Object.entries(current)) {
        if (key.length > bodyLimits.stringLength) tooLong(path, `has a property name longer than the limit of ${bodyLimits.stringLength} characters`);
        stack.push([element, at(path, key)]);
      }
    }
  }
}

function tooLong(path: string, message: string): never {
  throw new ApiError(422, [{ field: path || 'body', message }]);
}
