import type { Decider, DomainEvent } from '@cubre/platform/core/decider';

/**
 * Given/when/then for deciders (STYLE.md, Emmett's DeciderSpecification):
 * `DeciderSpecification.for(decider).given(events).when(command).then(expectedEvents)`.
 */
export const DeciderSpecification = {
  for<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
    return {
      given(events: Event[]) {
        return {
          when(command: Command) {
            const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
            return {
              then(expected: Event[]) {
                expect(run()).toEqual(expected);
              },
              thenNothingHappens() {
                expect(run()).toEqual([]);
              },
              thenThrows(check: (error: unknown) => void) {
                let thrown: unknown;
                try {
                  run();
                } catch (error) {
                  thrown = error;
                }
                expect(thrown).toBeDefined();
                check(thrown);
              },
            };
          },
        };
      },
    };
  },
};
