export * from './limits.js';
export * from './messages.js';
export * from './envelope.js';
export * from './user.js';
export * from './video.js';
export * from './api-paths.js';
export * from './web-routes.js';
