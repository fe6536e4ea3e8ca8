module.exports = require('../tools/jest.base')(__dirname);
