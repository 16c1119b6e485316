export * from './accounts';
export * from './errors';
export * from './health';
export * from './money';
export * from './orders';
export * from './parts';
export * from './reviews';
export * from './rules';
