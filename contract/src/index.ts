// First: every schema below reports missing and mistyped fields by name.
export * from './field-messages.js';
export * from './limits.js';
export * from './messages.js';
export * from './envelope.js';
export * from './form-body.js';
export * from './user.js';
export * from './video.js';
export * from './comment.js';
export * from './social.js';
export * from './studio.js';
export * from './auth-providers.js';
export * from './health.js';
export * from './api-paths.js';
export * from './web-routes.js';
export * from './text.js';
export * from './password-rules.js';
export * from './google-link.js';
