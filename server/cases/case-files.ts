import type { CaseFileResolver } from '../files/routes.ts';
import type { CaseService } from './service.ts';
import type { Viewer } from './viewer.ts';

/**
 * What /media/CaseFiles/<name> stands for: a signed print name is drawn for whoever holds
 * it (the print frame sends no token); a stored PDF is only for the owner of its case,
 * and anyone else gets the same 404 as for a name that does not exist.
 */
export function caseFileResolver(service: CaseService, viewer: Viewer): CaseFileResolver {
  return async (file, request) => {
    if (file.startsWith('print-')) {
      const { pdf, caseNumber } = await service.renderPrint(file);
      return { body: pdf, size: pdf.length, downloadName: `${caseNumber}.pdf`, uploaded: false };
    }
    const customerId = await viewer(request);
    const stored = customerId ? await service.openCaseFile(customerId, file) : undefined;
    if (!stored) return undefined;
    return { body: stored.stream, size: stored.size, downloadName: stored.downloadName, uploaded: true };
  };
}
