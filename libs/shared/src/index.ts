export * from './constants/geo';
export * from './constants/limits';
export * from './constants/matches';
export * from './messages';
export * from './validation/signup';
export * from './api/auth';
export * from './realtime/events';
export * from './rules/pictures';
