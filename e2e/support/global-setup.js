const { startServers } = require('./servers');

module.exports = async () => {
  globalThis.__STOP_SERVERS__ = await startServers();
};
