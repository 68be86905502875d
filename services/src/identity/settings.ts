import type { AppContext } from '@cubre/platform/http/app';
import type { InvitationMail } from './sendInvitation';

/**
 * Identity's own settings (the console's sign-in, issue 5): the runtime reads them from the environment
 * (runtime/identityConfig.ts) and gives them to identity's module when it builds it. The platform's
 * AppConfig does not carry them: the platform knows no domain's settings (issue 12).
 */
export interface IdentitySettings {
  /** HS256 key of the tokens. */
  tokenSecret: Uint8Array;
  tokenTtlSeconds: number;
  passwordMaxAgeDays: number;
  scryptN: number;
  loginMaxFailures: number;
  loginLockSeconds: number;
  demoUsers: boolean;
  /**
   * The invitation e-mails' port and link (issue 15), which the runtime gives once the mail domain runs;
   * without it (`npm run admin:create`) nobody is invited.
   */
  invitationMail?: InvitationMail;
}

/** What identity's routes, guard and seed use: the app's context and identity's settings. */
export type IdentityContext = AppContext & { identity: IdentitySettings };
