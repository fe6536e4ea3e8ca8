/** The domain core both backends run (docs/architecture.md, "The domain core"). */
export * from './account';
export * from './lists';
export * from './page';
export * from './events';
export * from './operation';
export * from './posts';
export * from './members';
export * from './comments';
export * from './notifications';
export * from './reply-edits';
export * from './text';
export * from './blocks';
export * from './safety';
export * from './bindings';
export * from './v1';
export * from './v1-routes';
