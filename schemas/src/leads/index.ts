export * from './statuses';
export * from './fields';
export * from './events';
export * from './requests';
export * from './policy';
export * from './workEvents';
export * from './contracting';
