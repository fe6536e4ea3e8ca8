/** A free TCP port on loopback, for the throwaway servers of tools/ scripts and benches. */
const net = require('net');

/** Asks the system for a free port on 127.0.0.1 and releases it at once. @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

module.exports = { freePort };
