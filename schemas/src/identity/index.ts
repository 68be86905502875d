export * from './roles';
export * from './permissions';
export * from './events';
export * from './documents';
export * from './passwordRules';
