/**
 * The seven apps of the product and their ports (dev and serve alike). `consumes`: the remotes an
 * app's own page loads, which its dev server serves for it (tools/dev-remotes.js). `page`: the
 * address of the app's own page on its dev server, the one `npm start -w <folder>` prints (a
 * remote's `/` is often another team's page: notifications' is the feed); a route the app's
 * src/bootstrap.tsx gives itself (test user 1, @adarshbalika, is signed in there).
 */
module.exports = {
  shell: { port: 3000, name: 'shell', page: '/' },
  'auth-mfe': { port: 3001, name: 'auth', page: '/login' },
  'feed-mfe': { port: 3002, name: 'feed', consumes: ['post'], page: '/' },
  'post-mfe': { port: 3003, name: 'post', page: '/' },
  'profile-mfe': { port: 3004, name: 'profile', consumes: ['post'], page: '/profile/adarshbalika' },
  'mockman-mfe': { port: 3005, name: 'mockman', page: '/mockman' },
  'notifications-mfe': { port: 3006, name: 'notifications', page: '/notifications' },
};
