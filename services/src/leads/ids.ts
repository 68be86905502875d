import { derivedId } from '@cubre/platform/commands/eventIds';

/** Moved to the platform: identity and the lead catalogues derive their ids the same way. */
export { derivedId };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text);

/**
 * The lead of an online purchase session (POST /api/compra-online/pasos): derived from the session id (a
 * UUID, compared in lower case), so every step of one session lands on one stream, `lead-{leadId}`, and no
 * session's lead can be another request's (those derive from the command id in another namespace).
 */
export const contractingLeadId = (session: string) => derivedId('lead:compra-online', session.toLowerCase());
