/**
 * A decider (STYLE.md, Emmett): pure functions over an aggregate's events.
 * `decide` returns the events a command produces (possibly none) or throws a `CommandRejected`.
 */
export interface DomainEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/**
 * A command the aggregate refuses for a business reason. `status` is the HTTP answer (409 when the state
 * conflicts with the request, 422 when the request can never succeed), `field` and `rule` name what failed.
 */
export class CommandRejected extends Error {
  override readonly name = 'CommandRejected';
  constructor(
    message: string,
    readonly rule: string,
    readonly status: 409 | 422 = 422,
    readonly field?: string,
  ) {
    super(message);
  }
}
