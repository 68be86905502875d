export * from './money';
export * from './fees';
export * from './catalogues';
export * from './errorCatalogue';
export * from './providerValidation';
