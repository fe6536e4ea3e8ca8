/** Every workspace's unit and component tests (npm run test:unit). */
module.exports = {
  projects: ['shell', 'auth-mfe', 'feed-mfe', 'post-mfe', 'profile-mfe', 'mockman-mfe', 'mock-api'].map((dir) => `<rootDir>/${dir}`),
};
