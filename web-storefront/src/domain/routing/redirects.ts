/**
 * The redirect table lives with the server's page table (services/src/storefront/routing): the server
 * answers an old address with a 301 to the same target the router would navigate to.
 */
export * from '@cubre/services/storefront/routing/redirects';
