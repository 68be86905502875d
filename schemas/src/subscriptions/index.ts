export * from './lists';
export * from './events';
export * from './records';
export * from './commands';
