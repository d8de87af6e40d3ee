import type { FastifyRequest } from 'fastify';
import type { Sessions } from '../auth/sessions.ts';
import type { CaseFile } from '../files/routes.ts';
import type { FileStorage } from '../files/storage.ts';
import type { CaseworkService } from './service.ts';

/** The staff roles that read cases (the contract's staffGetCase). */
const READERS = ['officer', 'manager', 'archivist', 'admin'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A case PDF for a staff user (issue 15's case page): the request names its case
 * (`?case=<id>`), and the file is theirs to read exactly when that case is (the same
 * rule as staffGetCase: their directorate's, or a closed one for archivists) and the
 * file is that case's attachment, an answer's to a request for information (issue 25) or its
 * response letter. Anything else: as if no such file.
 */
export function staffCaseFiles(sessions: Sessions, casework: CaseworkService, storage: FileStorage) {
  const requireStaff = sessions.require(READERS);
  return async (file: string, request: FastifyRequest): Promise<CaseFile | undefined> => {
    const caseId = (request.query as { case?: unknown }).case;
    if (typeof caseId !== 'string' || !UUID.test(caseId) || !request.headers.authorization) return undefined;
    const kase = await requireStaff(request)
      .then(() => casework.caseForStaff(request.session!, caseId))
      .catch(() => undefined);
    const response = kase?.response_justification?.attachment === file || kase?.review?.letter === file;
    const answer = kase?.information_requests.some((asked) => asked.answer?.attachment === file);
    if (!kase || (kase.attachment !== file && !response && !answer)) return undefined;
    const opened = await storage.open('case-files', file);
    if (!opened) return undefined;
    return { body: opened.stream, size: opened.size, downloadName: `${kase.case_number}${response ? '-response' : '-attachment'}.pdf`, uploaded: true };
  };
}
