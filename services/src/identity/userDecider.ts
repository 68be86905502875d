import {
  COMPANY_ADMIN_ROLES,
  IDENTITY_ERRORS,
  USER_CATEGORY,
  UserInvitationIssuedData,
  UserPasswordChangedData,
  UserRegisteredData,
  UserUpdatedData,
  type Recess,
  type RoleCode,
  type UserStatus,
} from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

export const userStream = (userId: string) => `${USER_CATEGORY}-${userId}`;

export const UserDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UserRegistered'), data: UserRegisteredData }),
  z.object({ type: z.literal('UserPasswordChanged'), data: UserPasswordChangedData }),
  z.object({ type: z.literal('UserUpdated'), data: UserUpdatedData }),
  z.object({ type: z.literal('UserInvitationIssued'), data: UserInvitationIssuedData }),
]);
export type UserDomainEvent = z.infer<typeof UserDomainEvent>;
type Data<T extends UserDomainEvent['type']> = Extract<UserDomainEvent, { type: T }>['data'];

export type RegisterUser = { type: 'RegisterUser'; data: Data<'UserRegistered'> };
export type ChangeUserPassword = { type: 'ChangeUserPassword'; data: Data<'UserPasswordChanged'> };
export type UpdateUser = {
  type: 'UpdateUser';
  data: Data<'UserUpdated'>;
  /** A temporary password an administrator set in the same change: the user must change it. */
  newPasswordHash?: string;
};
/** An invitation e-mail's link issued (issue 15); the same sequence again records nothing. */
export type IssueInvitation = { type: 'IssueInvitation'; data: Data<'UserInvitationIssued'> };
/** The link's token (its hash) accepted with the password the invitee chose, at `at`. */
export type AcceptInvitation = {
  type: 'AcceptInvitation';
  data: { userId: string; tokenHash: string; passwordHash: string; at: string };
};
export type UserCommand = RegisterUser | ChangeUserPassword | UpdateUser | IssueInvitation | AcceptInvitation;

/** The latest invitation link of a user: used once they chose a password of their own. */
export type UserInvitation = { sequence: number; tokenHash: string; expiresAt: string; used: boolean };

export type UserState =
  | { status: 'Empty' }
  | {
      status: 'Registered';
      userId: string;
      email: string;
      name: string;
      roles: RoleCode[];
      organizationId: string | null;
      userStatus: UserStatus;
      passwordHash: string;
      /** The current hash first, then older ones: PASSWORD_IN_HISTORY compares a new password to these. */
      passwordHistory: string[];
      mustChangePassword: boolean;
      recess: Recess | null;
      invitation: UserInvitation | null;
    };

/** Hashes a new password is compared against (rule 002-8.02: the last 4, the current one included). */
export const PASSWORD_HISTORY_KEPT = 4;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** A company administrator belongs to a company: their reads are limited to it (guard, scope.ts). */
function requireOrganizationForCompanyRoles(roles: readonly RoleCode[], organizationId: string | null) {
  if (organizationId === null && roles.some((role) => COMPANY_ADMIN_ROLES.includes(role))) {
    throw new CommandRejected(
      'un administrador de empresa debe pertenecer a una organización',
      'required',
      422,
      'organizationId',
    );
  }
}

/**
 * A console user (seed 002 §5, §6, §8). Password checks that need the plain password (its form, the
 * history) run before the command, in the routes (sessionRoutes.ts, userRoutes.ts): the decider records, it
 * never hashes. Users are never deleted: status Inactivo disables them and keeps their history.
 */
export const userDecider: Decider<UserState, UserCommand, UserDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'Registered',
          userId: event.data.userId,
          email: event.data.email,
          name: event.data.name,
          roles: event.data.roles,
          organizationId: event.data.organizationId,
          userStatus: 'Activo',
          passwordHash: event.data.passwordHash,
          passwordHistory: [event.data.passwordHash],
          mustChangePassword: event.data.mustChangePassword,
          recess: null,
          invitation: null,
        };
      case 'UserPasswordChanged':
        if (state.status === 'Empty') return state;
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          passwordHistory: [event.data.passwordHash, ...state.passwordHistory].slice(
            0,
            PASSWORD_HISTORY_KEPT,
          ),
          mustChangePassword: event.data.mustChangePassword,
          // A password of their own uses the link up (the link or a sign-in with a temporary one).
          invitation:
            state.invitation && !event.data.mustChangePassword
              ? { ...state.invitation, used: true }
              : state.invitation,
        };
      case 'UserInvitationIssued':
        if (state.status === 'Empty') return state;
        return {
          ...state,
          invitation: {
            sequence: event.data.sequence,
            tokenHash: event.data.tokenHash,
            expiresAt: event.data.expiresAt,
            used: false,
          },
        };
      case 'UserUpdated': {
        if (state.status === 'Empty') return state;
        const { status, ...changes } = event.data.changes;
        return {
          ...state,
          ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
          userStatus: status ?? state.userStatus,
        };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status === 'Empty') {
          requireOrganizationForCompanyRoles(command.data.roles, command.data.organizationId);
          return [{ type: 'UserRegistered', data: command.data }];
        }
        // Seeding registers the same user again at every start: nothing to record.
        if (state.email === command.data.email) return [];
        throw new CommandRejected('el usuario ya existe', 'USER_ALREADY_EXISTS', 409, 'id');
      }
      case 'ChangeUserPassword': {
        if (state.status === 'Empty') {
          throw new CommandRejected('el usuario no existe', 'USER_NOT_FOUND', 422, 'id');
        }
        return [{ type: 'UserPasswordChanged', data: command.data }];
      }
      case 'UpdateUser': {
        if (state.status === 'Empty') {
          throw new CommandRejected('el usuario no existe', 'USER_NOT_FOUND', 422, 'id');
        }
        const { changes } = command.data;
        const effective: Data<'UserUpdated'>['changes'] = {};
        if (changes.name !== undefined && changes.name !== state.name) effective.name = changes.name;
        if (changes.roles !== undefined && !sameSet(changes.roles, state.roles))
          effective.roles = changes.roles;
        if (changes.organizationId !== undefined && changes.organizationId !== state.organizationId) {
          effective.organizationId = changes.organizationId;
        }
        if (changes.status !== undefined && changes.status !== state.userStatus)
          effective.status = changes.status;
        if (changes.recess !== undefined && JSON.stringify(changes.recess) !== JSON.stringify(state.recess)) {
          effective.recess = changes.recess;
        }
        requireOrganizationForCompanyRoles(
          effective.roles ?? state.roles,
          effective.organizationId === undefined ? state.organizationId : effective.organizationId,
        );
        const events: UserDomainEvent[] = [];
        if (Object.keys(effective).length > 0) {
          events.push({ type: 'UserUpdated', data: { ...command.data, changes: effective } });
        }
        if (command.newPasswordHash !== undefined) {
          events.push({
            type: 'UserPasswordChanged',
            data: { userId: state.userId, passwordHash: command.newPasswordHash, mustChangePassword: true },
          });
        }
        return events;
      }
      case 'IssueInvitation': {
        if (state.status === 'Empty') {
          throw new CommandRejected('el usuario no existe', 'USER_NOT_FOUND', 422, 'id');
        }
        if (state.invitation && state.invitation.sequence >= command.data.sequence) return [];
        return [{ type: 'UserInvitationIssued', data: command.data }];
      }
      case 'AcceptInvitation':
        return [acceptedInvitation(state, command.data)];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: unknown }).type)}`);
      }
    }
  },
};

export type InvitationRefusal = 'INVITATION_INVALID' | 'INVITATION_USED' | 'INVITATION_EXPIRED';

/**
 * Why an invitation link cannot be accepted now (issue 15), or null when it can: only the latest link
 * issued (an older one, or a token that is not ours, is invalid), once (used), before it expires, by a
 * user who is not disabled. The route answers these as problems before hashing the password; the decider
 * checks them again at the revision it appends to.
 */
export function invitationRefusalOf(
  state: UserState,
  tokenHash: string,
  at: string,
): InvitationRefusal | null {
  if (state.status === 'Empty' || !state.invitation || state.invitation.tokenHash !== tokenHash)
    return 'INVITATION_INVALID';
  if (state.invitation.used) return 'INVITATION_USED';
  if (Date.parse(at) >= Date.parse(state.invitation.expiresAt)) return 'INVITATION_EXPIRED';
  if (state.userStatus === 'Inactivo') return 'INVITATION_INVALID';
  return null;
}

/** The invitee's password is their own: nothing to change at sign-in, and the link is used up. */
function acceptedInvitation(state: UserState, data: AcceptInvitation['data']): UserDomainEvent {
  const refusal = invitationRefusalOf(state, data.tokenHash, data.at);
  if (refusal || state.status === 'Empty') {
    throw new CommandRejected(
      IDENTITY_ERRORS[refusal ?? 'INVITATION_INVALID'],
      refusal ?? 'INVITATION_INVALID',
      409,
      'token',
    );
  }
  return {
    type: 'UserPasswordChanged',
    data: { userId: state.userId, passwordHash: data.passwordHash, mustChangePassword: false },
  };
}
