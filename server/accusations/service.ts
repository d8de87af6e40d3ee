import type { Readable } from 'node:stream';
import type { FileStorage } from '../files/storage.ts';
import { checkSameRequest } from '../web/idempotency-key.ts';
import type { AccusationStore } from './store.ts';
import { validateAccusation, type AccusationFields } from './validation.ts';

interface Dependencies {
  store: AccusationStore;
  storage: FileStorage;
  /** ACCUSATION_REFERENCE_PREFIX: the letters before the year in every reference. */
  referencePrefix: string;
}

/** A filing's Idempotency-Key and the fingerprint of what it carried (requestFingerprint). */
interface Idempotency {
  key: string;
  fingerprint: string;
}

/** The accusation rules of SPEC sections 5 to 7 and issue 5, with no HTTP in them. */
export function createAccusationService({ store, storage, referencePrefix }: Dependencies) {
  /** Stores a checked accusation, or finds the first filing of a repeated Idempotency-Key. */
  async function stored(fields: AccusationFields, attachment: string | null, idempotency: Idempotency | null) {
    const accusation = validateAccusation(fields);
    const idempotencyKey = idempotency?.key ?? null;
    try {
      return await store.insert(
        { ...accusation, attachment, idempotencyFingerprint: idempotency?.fingerprint ?? null },
        referencePrefix,
        idempotencyKey,
        (tx) => storage.claim(tx, 'accusation-files', attachment),
      );
    } catch (error) {
      // Two sends of one key at the same moment: the unique key lets one in; the other gets its receipt.
      const first = idempotencyKey ? await store.firstFiling(idempotencyKey) : undefined;
      if (!first) throw error;
      return { ...first, repeated: true };
    }
  }

  return {
    /**
     * Files an accusation (SPEC section 7 create_accusation). The attachment is already
     * stored (it streams in before the fields that may follow it); a refused or repeated
     * filing keeps no file.
     */
    async file(fields: AccusationFields, attachment: string | null, idempotency: Idempotency | null): Promise<{ reference: string; repeated: boolean }> {
      try {
        const { reference, repeated, fingerprint } = await stored(fields, attachment, idempotency);
        if (repeated) {
          // A repeat answers the first reference, but only for the same filing (422 otherwise).
          checkSameRequest(fingerprint ?? null, idempotency!.fingerprint);
          await storage.remove('accusation-files', attachment);
        }
        return { reference, repeated };
      } catch (error) {
        await storage.remove('accusation-files', attachment);
        throw error;
      }
    },

    /** A stored attachment of some accusation, or undefined: a name no accusation holds opens nothing. */
    async openAttachment(file: string): Promise<{ stream: Readable; size: number } | undefined> {
      return (await store.hasAttachment(file)) ? storage.open('accusation-files', file) : undefined;
    },
  };
}
export type AccusationService = ReturnType<typeof createAccusationService>;
