const { createAppConfig } = require('../tools/webpack.factory');

module.exports = createAppConfig({
  dir: __dirname,
  title: 'Orbit · auth',
  exposes: {
    './LoginPage': './src/login/LoginPage.tsx',
    './SignupPage': './src/signup/SignupPage.tsx',
  },
});
