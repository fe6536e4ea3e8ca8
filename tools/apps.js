/**
 * The seven apps of the product and their ports (dev and serve alike). `consumes`: the remotes an
 * app's own page loads, which its dev server serves for it (tools/dev-remotes.js).
 */
module.exports = {
  shell: { port: 3000, name: 'shell' },
  'auth-mfe': { port: 3001, name: 'auth' },
  'feed-mfe': { port: 3002, name: 'feed', consumes: ['post'] },
  'post-mfe': { port: 3003, name: 'post' },
  'profile-mfe': { port: 3004, name: 'profile', consumes: ['post'] },
  'mockman-mfe': { port: 3005, name: 'mockman' },
  'notifications-mfe': { port: 3006, name: 'notifications' },
};
