export * from './runner/projection';
export * from './runner/runner';
export * from './runner/waiters';
export * from './runner/remoteVisibility';
