export * from './status';
export * from './events';
export * from './decider';
export * from './api';
export * from './timeRules';
export * from './eta';
export * from './earnings';
