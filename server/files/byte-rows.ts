/** Rows of at most this many bytes: a 10 MB file streams in and out in 40 steps, never whole in memory. */
export const ROW_BYTES = 256 * 1024;

/**
 * Gathers a stream's chunks (often a few KB each) into pieces of ROW_BYTES, each written as
 * one row by `write`: the stored files' and the resumable uploads' bytes on PostgreSQL.
 */
export function byteRows(write: (bytes: Buffer) => Promise<unknown>) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    await write(bytes);
  };
  return {
    /** Takes a chunk; once a row's worth waits, resolves when that row is written. */
    async add(chunk: Buffer) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= ROW_BYTES) await flush();
    },
    /** Writes what waits (the end of the stream, or what arrived before a cut). */
    flush,
  };
}
