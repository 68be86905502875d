import { lazy, type ComponentType } from 'react';
import { wordsLoaded } from './I18nProvider';

/**
 * React's `lazy`, for a screen that is not the first one: its chunk and the rest of the dictionary load
 * together, so it never draws with words still missing (a label read as nothing for a moment, issue 11).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyWithWords<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(() => withWords(load));
}

/** The same for a route's lazy page: its component once its chunk and the words are in. */
export async function withWords<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), wordsLoaded()]);
  return module;
}
