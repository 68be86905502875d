export * from './records';
export * from './events';
export * from './requests';
export * from './reference';
