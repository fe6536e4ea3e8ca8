const { createAppConfig } = require('../tools/webpack.factory');

module.exports = createAppConfig({
  dir: __dirname,
  title: 'Orbit · mockman',
  exposes: {
    './MockmanPage': './src/page/MockmanPage.tsx',
  },
});
