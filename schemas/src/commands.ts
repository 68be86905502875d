import { z } from 'zod';
import { EventMetadata } from './events';

/** Metadata every command carries; events it produces inherit correlation and actor. */
export const CommandMetadata = EventMetadata.extend({
  /** Id of this command, the causation id of the events it produces. */
  commandId: z.string().min(1).max(200),
  /** When the command was received; injected, never read from a clock inside `decide`. */
  receivedAt: z.iso.datetime({ offset: true }),
});
export type CommandMetadata = z.infer<typeof CommandMetadata>;

export const Command = z.strictObject({
  type: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'command types are PascalCase imperative names'),
  data: z.record(z.string(), z.unknown()),
  metadata: CommandMetadata,
});
export type Command = z.infer<typeof Command>;

/** Narrows the command envelope to one command type with a typed payload. */
export const commandOf = <TType extends string, TData extends z.ZodType>(type: TType, data: TData) =>
  Command.extend({ type: z.literal(type), data });
