export * from './lists';
export * from './stages';
export * from './standing';
export * from './events';
export * from './records';
