/**
 * The `perfil` query parameter (rules 000-2.28, 000-2.30, 000-2.31, 001-2.09): base64 of the profile's
 * UTF-8 JSON, as the server's share links write it (services/src/site/sharedInsurance/shareCode.ts).
 */

export const PERFIL_PARAM = 'perfil';
export const REPLACE_URL_PARAM = 'replaceUrl';
/** perfil leaves the URL 1 s after load unless replaceUrl=false (000-2.30). */
export const PERFIL_STRIP_DELAY_MS = 1000;
/**
 * Longest parameter decoded: base64 of the 16 KiB the server accepts for a shared profile
 * (SHARED_PROFILE_MAX_BYTES), with room to spare; longer ones are ignored unread.
 */
export const MAX_PERFIL_PARAM_LENGTH = 24 * 1024;

function bytesFromBase64(text: string): Uint8Array | null {
  // A '+' that reached the query unescaped comes back from URLSearchParams as a space; base64url uses
  // '-' and '_'; padding is often dropped.
  const standard = text.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** UTF-8; a text that is not valid UTF-8 is read as Latin-1, as btoa(JSON) of accented text gives. */
function textFromBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  }
}

/**
 * The profile a perfil parameter carries, or null when there is none or it is invalid: not base64, not
 * JSON, or JSON that is not an object (an array, a number, null). An invalid perfil is ignored (000-2.31),
 * so the caller just goes on without it. Whether the object is a valid profile is the server's call.
 */
export function decodePerfil(param: string | null | undefined): Record<string, unknown> | null {
  if (typeof param !== 'string' || param.trim() === '' || param.length > MAX_PERFIL_PARAM_LENGTH) return null;
  const bytes = bytesFromBase64(param);
  if (bytes === null || bytes.length === 0) return null;
  try {
    const value: unknown = JSON.parse(textFromBytes(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Standard, padded base64 of the profile's UTF-8 JSON (the caller's URLSearchParams escapes it). */
export function encodePerfil(profile: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(profile));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const paramsOf = (search: string) => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

/** perfil is removed from the URL unless replaceUrl is 'false' (000-2.30); nothing to do without perfil. */
export function shouldStripPerfil(search: string): boolean {
  const params = paramsOf(search);
  return params.has(PERFIL_PARAM) && params.get(REPLACE_URL_PARAM) !== 'false';
}

/** The search without perfil, as location.search writes it: '' or '?a=b'. Other parameters stay. */
export function searchWithoutPerfil(search: string): string {
  const params = paramsOf(search);
  params.delete(PERFIL_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
