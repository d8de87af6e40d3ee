/**
 * The connection, not the statement, failed: the server restarted or failed over, an
 * operator or an idle timeout ended the backend, or the network dropped it. Kept apart
 * from the driver so the error handler can tell without loading pg on PGlite.
 */
export function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    // 08: connection exceptions; 57P01–57P03: admin shutdown, crash shutdown, cannot connect now.
    /^(08|57P0)/.test(code ?? '') ||
    ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code ?? '') ||
    /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/.test(message ?? '')
  );
}
