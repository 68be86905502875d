export * from './roles';
export * from './permissions';
export * from './events';
export * from './documents';
export * from './passwordRules';
export * from './errors';
export * from './requests';
