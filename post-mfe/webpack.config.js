const { createAppConfig } = require('../tools/webpack.factory');

module.exports = createAppConfig({
  dir: __dirname,
  title: 'Orbit · post',
  exposes: {
    './PostCard': './src/card/PostCard.tsx',
    './PostPage': './src/page/PostPage.tsx',
    './PostComposer': './src/composer/PostComposer.tsx',
    './ModerationPage': './src/moderation/ModerationPage.tsx',
  },
});
