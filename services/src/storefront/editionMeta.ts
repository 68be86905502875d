/**
 * The meta tag by which the server names the page's edition in index.html (`<meta name="cubre-edition"
 * content="PE">`) and the storefront reads it. PURE: the browser bundles this file.
 */
export const EDITION_META = 'cubre-edition';
