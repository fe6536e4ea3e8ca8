/**
 * Graceful shutdown with a time limit (issue 28): on SIGTERM or SIGINT the listener closes,
 * requests in flight may finish (each bounded by the request time limit) and the pool closes;
 * whatever is still running after API_SHUTDOWN_TIMEOUT_MS (a request stuck on a frozen
 * database) does not keep the process: it exits with 1.
 */
export interface ShutdownOptions {
  timeoutMs: number;
  /** process.exit in main.ts; tests record the code instead. */
  exit: (code: number) => void;
  /** Where the over-time line goes (stderr in main.ts). */
  log: (line: string) => void;
}

/** The handler for the stop signals: the first call starts the shutdown, later ones do nothing. */
export function gracefulStop(server: { close(): Promise<void> }, { timeoutMs, exit, log }: ShutdownOptions): () => void {
  let closing = false;
  let exited = false;
  const exitOnce = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };
  return () => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      log(`api-server: shutdown took over ${timeoutMs} ms; exiting.`);
      exitOnce(1);
    }, timeoutMs).unref();
    server.close().then(
      () => exitOnce(0),
      () => exitOnce(1),
    );
  };
}
