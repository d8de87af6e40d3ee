import type { CreatedAccusation } from '../../../server/contract/accusations.ts';
import { uploadForm } from '../../app/http.ts';

export type { CreatedAccusation };

/** SPEC section 7: POST /accusation_acceptor_api/create_accusation (multipart). */
export const fileAccusation = (form: FormData, onProgress: (fraction: number) => void) =>
  uploadForm<CreatedAccusation>('accusation_acceptor_api/create_accusation', form, onProgress);
