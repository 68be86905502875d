import type { Principal } from '@cubre/schemas/identity/documents';
import type { Request } from 'express';

/**
 * Who calls an admin route. The platform asks; identity answers (its tokens, cookie sessions and users
 * are identity's business): the runtime puts identity's authenticator on the app's context, so every
 * domain guards its routes here without importing identity.
 */
export interface Authenticator {
  /** The signed-in caller, or a 401/403 HttpProblem saying why not. */
  authenticate(req: Request, options?: { allowExpiredPassword?: boolean }): Promise<Principal>;
}
