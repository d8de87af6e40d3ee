import fs from 'node:fs';
import path from 'node:path';
import { fileStorageFor, type FileArea } from '../../server/files/storage.ts';
import type { TestServer } from './server.ts';

/**
 * The names of the files a server keeps in one area, half-written ones included, wherever
 * that server keeps them: rows in PostgreSQL, DATA_DIR/files on the embedded database.
 */
export async function storedFileNames(server: TestServer, area: FileArea): Promise<string[]> {
  if (server.db.kind === 'postgres') {
    return (await server.db.query<{ name: string }>('SELECT name FROM stored_file WHERE area = $1 ORDER BY name', [area])).map((row) => row.name);
  }
  const dir = path.join(server.config.dataDir, 'files', area);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** One stored file's bytes, read through the server's own storage. */
export async function storedFile(server: TestServer, area: FileArea, name: string): Promise<Buffer> {
  const file = await fileStorageFor(server.db, server.config.dataDir).open(area, name);
  if (!file) throw new Error(`${area}/${name} is not stored`);
  return Buffer.concat(await file.stream.toArray());
}
