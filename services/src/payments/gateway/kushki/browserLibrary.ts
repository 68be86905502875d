/**
 * What Kushki's browser library (`@kushki/js` 1.40, the storefront's payment step) reaches at run time, so
 * the Content-Security-Policy can name exactly that (web-storefront/README.md, "Kushki's tokenizer"):
 *
 * - `connect-src` its API host: `GET merchant/v1/merchant/settings`, then `POST card/v1/tokens` or
 *   `POST v1/subscription-tokens` (axios, XHR), on `api-uat.kushkipagos.com` in its test environment and
 *   `api.kushkipagos.com` in production (its `EnvironmentEnum`);
 * - `script-src` Sift's device fingerprint, which `new Kushki()` always appends as a script element
 *   (`cdn.siftscience.com/s.js`, its `SiftScience` gateway; Kushki scores fraud with it).
 *
 * No frame: 3-D Secure (Cardinal's songbird script and its frames) runs only for a merchant Kushki set up
 * with `active_3dsecure`, which this integration does not use; turning it on needs its hosts added here.
 */
export const KUSHKI_API_HOSTS = {
  test: 'https://api-uat.kushkipagos.com',
  production: 'https://api.kushkipagos.com',
} as const;

export const SIFT_SCRIPT_HOST = 'https://cdn.siftscience.com';

export function kushkiBrowserSources(inTestEnvironment: boolean) {
  return {
    scriptSrc: [SIFT_SCRIPT_HOST],
    connectSrc: [inTestEnvironment ? KUSHKI_API_HOSTS.test : KUSHKI_API_HOSTS.production],
    frameSrc: [] as string[],
  };
}
