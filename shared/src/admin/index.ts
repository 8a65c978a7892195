export * from './schemas';
export * from './jobs';
