export * from './errors';
export * from './accounts/schemas';
export * from './settings/schemas';
export * from './bookings';
export * from './jobs/schemas';
