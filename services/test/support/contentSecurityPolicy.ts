/**
 * A Content-Security-Policy header read as its directives, each with its sources in the order sent
 * (`{ 'script-src': ["'self'"] }`), so a test compares one directive whole: a source added anywhere in
 * it fails the comparison, where a `toContain` on the header would not notice.
 */
export const cspDirectivesOf = (csp: string | null | undefined): Record<string, string[]> =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
