import { useEffect, useState } from 'react';

/** A chosen file's bytes, for pdf.js's live preview before anything is uploaded. */
export function useFileBytes(file: File | undefined) {
  const [bytes, setBytes] = useState<Uint8Array>();
  useEffect(() => {
    let current = true;
    setBytes(undefined);
    void file?.arrayBuffer().then((buffer) => current && setBytes(new Uint8Array(buffer)));
    return () => {
      current = false;
    };
  }, [file]);
  return bytes;
}
