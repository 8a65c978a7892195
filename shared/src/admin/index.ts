export * from './schemas';
export * from './jobs';
export * from './analytics';
export * from './dashboard';
