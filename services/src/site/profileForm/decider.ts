import {
  VISITOR_PROFILE_CATEGORY,
  VisitorProfileData,
  type VisitorProfileData as VisitorProfileDataType,
} from '@cubre/schemas/site';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { canonicalJson } from '@cubre/platform/core/canonicalJson';

/** Stream of one submitted profile: `visitorProfile-{profileId}`. */
export { VISITOR_PROFILE_CATEGORY };
export const visitorProfileStream = (profileId: string) => `${VISITOR_PROFILE_CATEGORY}-${profileId}`;

export const VisitorProfileDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('VisitorProfileSubmitted'), data: VisitorProfileData }),
  z.object({ type: z.literal('VisitorProfileRevised'), data: VisitorProfileData }),
]);
export type VisitorProfileDomainEvent = z.infer<typeof VisitorProfileDomainEvent>;

export type SubmitVisitorProfile = { type: 'SubmitVisitorProfile'; data: VisitorProfileDataType };
export type VisitorProfileCommand = SubmitVisitorProfile;

export type VisitorProfileState =
  { status: 'Empty' } | { status: 'Submitted'; data: VisitorProfileDataType; revisions: number };

const contentOf = ({ productType, form, country, profile }: VisitorProfileDataType) =>
  canonicalJson({ productType, form, country, profile });

/**
 * The visitor's profile as the profile form posted it (seed 000 §4, rule 000-7.16): what the profile-entry
 * service turns into a lead. The same content posted again records nothing (a retried post); other content
 * for the same profile is a revision. A profile id belongs to one profile: the command must name it.
 */
export const visitorProfileDecider: Decider<
  VisitorProfileState,
  VisitorProfileCommand,
  VisitorProfileDomainEvent
> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'VisitorProfileSubmitted':
        return { status: 'Submitted', data: event.data, revisions: 0 };
      case 'VisitorProfileRevised':
        return {
          status: 'Submitted',
          data: event.data,
          revisions: state.status === 'Submitted' ? state.revisions + 1 : 1,
        };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitVisitorProfile': {
        if (state.status === 'Empty') return [{ type: 'VisitorProfileSubmitted', data: command.data }];
        if (state.data.profileId !== command.data.profileId) {
          throw new CommandRejected(
            'el perfil pertenece a otro identificador',
            'profile_id',
            409,
            'profileId',
          );
        }
        if (contentOf(state.data) === contentOf(command.data)) return [];
        return [{ type: 'VisitorProfileRevised', data: command.data }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
};
