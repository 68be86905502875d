/** Moved to the platform: identity and the lead catalogues derive their ids the same way. */
export { derivedId } from '../platform/commands/eventIds';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text);
