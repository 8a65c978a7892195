export * from './cursor';
export * from './messages';
export * from './liveStatus';
