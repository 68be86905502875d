/** The slice of pino the platform uses, so that modules and tests can pass any compatible logger. */
export interface Logger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}
