/**
 * The notification bell's read state (rules 001-4.01 to 001-4.03, 001-3.02): the last message the
 * visitor opened is kept in local storage; the '+1' badge shows while the current message differs.
 */

export const NOTIFICATION_STORAGE_KEY = 'notificationLastOpened';

/** Unread while a current message exists and differs from the stored last-opened one (001-4.01). */
export function isUnread(
  storedLastOpened: string | null | undefined,
  currentMessage: string | null | undefined,
): boolean {
  if (currentMessage === null || currentMessage === undefined || currentMessage === '') return false;
  return storedLastOpened !== currentMessage;
}

/** The stored last-opened message; null when none or when storage cannot be read. */
export function readLastOpened(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(NOTIFICATION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const NOTIFICATION_STORAGE_FAILED = 'No se pudo guardar la notificación leída';

/**
 * Stores the opened message (001-4.02). Storage failures are not thrown (001-4.03), only logged through
 * `log` (001-8.14); the result says whether it was stored.
 */
export function markOpened(
  storage: Pick<Storage, 'setItem'>,
  message: string,
  log: (message: string, cause: unknown) => void = () => undefined,
): boolean {
  try {
    storage.setItem(NOTIFICATION_STORAGE_KEY, message);
    return true;
  } catch (error) {
    log(NOTIFICATION_STORAGE_FAILED, error);
    return false;
  }
}
