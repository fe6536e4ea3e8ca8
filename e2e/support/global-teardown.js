module.exports = async () => {
  globalThis.__STOP_SERVERS__?.();
};
