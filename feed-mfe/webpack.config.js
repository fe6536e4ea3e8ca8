const { createAppConfig } = require('../tools/webpack.factory');

module.exports = createAppConfig({
  dir: __dirname,
  title: 'Orbit · feed',
  exposes: {
    './FeedPage': './src/feed/FeedPage.tsx',
    './TagPage': './src/feed/TagPage.tsx',
    './SearchPage': './src/search/SearchPage.tsx',
  },
});
