import { problemMessage } from '../httpLogic';

/** The console's page for the invitation e-mail's link (services/src/identity/invitationLinks.ts). */
export const INVITATION_PATH = '/invitacion';

/** The token the link carries in its fragment (`#token=…`), which no server and no Referer ever sees. */
export const invitationTokenOf = (hash: string): string =>
  new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * POST /api/admin/invitations/accept: the password the invitee chose, with the link's token. Answers the
 * invitee's address (to sign them in); a refusal throws the server's own sentence (a link used, expired
 * or not ours, a password of the wrong form).
 */
export async function acceptInvitation(token: string, password: string): Promise<string> {
  const response = await fetch('/api/admin/invitations/accept', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(problemMessage(body, 'ra.notification.http_error'));
  return (body as { email: string }).email;
}
