const { createAppConfig } = require('../tools/webpack.factory');

module.exports = createAppConfig({
  dir: __dirname,
  title: 'Orbit · notifications',
  exposes: {
    './NotificationsPage': './src/page/NotificationsPage.tsx',
  },
});
