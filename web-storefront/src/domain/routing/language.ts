/**
 * The language prefixes live with the server's page table (services/src/storefront/routing): the server
 * answers 404 and the old addresses' redirects by the same rules the router follows.
 */
export * from '@cubre/services/storefront/routing/language';
