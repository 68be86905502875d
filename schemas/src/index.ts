export * from './profile';
export * from './events';
export * from './commands';
export * from './problem';
export * from './comparatorLinks';
export * from './catalogue';
export * from './site';
