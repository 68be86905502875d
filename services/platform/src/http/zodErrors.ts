import type { FieldError } from '@cubre/schemas/problem';
import type { z } from 'zod';

/** Rule names clients can switch on; the message stays human (and Spanish where the seed gives one). */
function ruleOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : `type:${issue.expected}`;
    case 'too_big':
      return issue.origin === 'string' ? 'max_length' : issue.origin === 'array' ? 'max_items' : 'max';
    case 'too_small':
      return issue.origin === 'string' ? 'min_length' : issue.origin === 'array' ? 'min_items' : 'min';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'invalid_format':
      return `format:${issue.format}`;
    case 'invalid_value':
      return 'allowed_values';
    case 'custom':
      return typeof issue.params?.rule === 'string' ? issue.params.rule : 'custom';
    default:
      return issue.code;
  }
}

/** One field error per broken rule; `location` prefixes the path (`query.page`, `params.id`; body fields bare). */
export function fieldErrorsOf(
  error: z.ZodError,
  location: 'body' | 'query' | 'params' | 'headers',
): FieldError[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    const qualify = (path: string) =>
      location === 'body' ? path || 'body' : path ? `${location}.${path}` : location;
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: qualify(base ? `${base}.${key}` : key),
        rule: 'unknown_field',
        message: `campo no permitido: ${key}`,
      }));
    }
    return [{ field: qualify(base), rule: ruleOf(issue), message: issue.message }];
  });
}
