/**
 * The header's profile menu opens the comparator's profile modal (rule 001-2.28): the comparator on
 * screen takes the request (an event it cancels); with none on screen the menu navigates to the default
 * comparator with OPEN_PROFILE_STATE as the history entry's state, which opens the modal there.
 */
export const OPEN_PROFILE_STATE = Object.freeze({ openProfile: true });
export const OPEN_PROFILE_EVENT = 'cubre:open-profile';

/** Whether a navigation's state asks for the profile modal (checked: history state is not typed). */
export function opensProfile(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { openProfile?: unknown }).openProfile === true
  );
}

/** Asks the page on screen to open its profile modal; true when one took the request. */
export function askPageToOpenProfile(target: EventTarget): boolean {
  return !target.dispatchEvent(new Event(OPEN_PROFILE_EVENT, { cancelable: true }));
}

/** A comparator takes the requests while it is on screen; the result stops listening. */
export function takeProfileRequests(target: EventTarget, open: () => void): () => void {
  const listener = (event: Event) => {
    event.preventDefault();
    open();
  };
  target.addEventListener(OPEN_PROFILE_EVENT, listener);
  return () => target.removeEventListener(OPEN_PROFILE_EVENT, listener);
}
