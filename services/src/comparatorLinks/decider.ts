import { COMPARATOR_LINK_CATEGORY, ComparatorUrlSavedData } from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

/** Stream of one short link: `comparatorLink-{link}`. */
export { COMPARATOR_LINK_CATEGORY };
export const comparatorLinkStream = (link: string) => `${COMPARATOR_LINK_CATEGORY}-${link}`;

export const ComparatorLinkDomainEvent = z.object({
  type: z.literal('ComparatorUrlSaved'),
  data: ComparatorUrlSavedData,
});
export type ComparatorLinkDomainEvent = z.infer<typeof ComparatorLinkDomainEvent>;

export type SaveComparatorUrl = {
  type: 'SaveComparatorUrl';
  data: { link: string; url: string; path: string };
};
export type ComparatorLinkCommand = SaveComparatorUrl;

export type ComparatorLinkState =
  { status: 'Empty' } | { status: 'Saved'; link: string; url: string; path: string };

/**
 * A short link names one comparator path forever. Saving the same path again changes nothing (the
 * visitor gets the same link back); a different path under a taken link is refused, and the caller
 * derives the next candidate link.
 */
export const comparatorLinkDecider: Decider<
  ComparatorLinkState,
  ComparatorLinkCommand,
  ComparatorLinkDomainEvent
> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'ComparatorUrlSaved':
        return { status: 'Saved', ...event.data };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SaveComparatorUrl': {
        if (state.status === 'Empty') return [{ type: 'ComparatorUrlSaved', data: command.data }];
        if (state.path === command.data.path) return [];
        throw new CommandRejected(
          `el enlace ${state.link} ya nombra otra dirección`,
          'link_taken',
          409,
          'url',
        );
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
