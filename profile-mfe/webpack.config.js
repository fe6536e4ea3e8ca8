const { createAppConfig } = require('../tools/webpack.factory');

module.exports = createAppConfig({
  dir: __dirname,
  title: 'Orbit · profile',
  exposes: {
    './ProfilePage': './src/page/ProfilePage.tsx',
    './SettingsPage': './src/settings/SettingsPage.tsx',
  },
});
