/**
 * The meta tag by which the server names the page's edition in index.html (`<meta name="cubre-edition"
 * content="PE">`) and the storefront reads it. PURE: the browser bundles this file.
 */
export const EDITION_META = 'cubre-edition';

/**
 * The meta tag by which the server turns the storefront's version check on (`<meta name="cubre-version-check"
 * content="1">`, the reloads a mismatch may cause in a row); absent, the check is off (001-4.21).
 */
export const VERSION_CHECK_META = 'cubre-version-check';
