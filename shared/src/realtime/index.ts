export * from './cursor';
export * from './messages';
