import { prerenderSignal, type PrerenderTarget } from '../domain/shell/prerender';

/**
 * This page's signal to the pre-rendering service (001-9.05): pages call `ready()` once their content is
 * in (the comparator's first results, a product's detail); after 10 s it is given anyway.
 */
export const prerender = prerenderSignal(window as PrerenderTarget);
