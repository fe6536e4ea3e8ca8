// Cards and the composer come from post-mfe's real modules through tools/jest/federation-kit.tsx.
module.exports = require('../tools/jest.base')(__dirname, { federationKit: true });
