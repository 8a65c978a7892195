export * from './errors';
export * from './accounts/schemas';
export * from './settings/schemas';
