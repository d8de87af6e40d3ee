import type { CaseFileResolver } from '../files/routes.ts';
import type { CaseService } from './service.ts';
import type { Viewer } from './viewer.ts';

/**
 * What /media/CaseFiles/<name> stands for: a signed print name is drawn for whoever holds
 * it (the print frame sends no token); a stored PDF is for the owner of its case and the
 * staff who may read that case, and anyone else gets the same 404 as for a name that
 * does not exist.
 */
export function caseFileResolver(service: CaseService, viewer: Viewer, staffFile?: CaseFileResolver): CaseFileResolver {
  return async (file, request) => {
    if (file.startsWith('print-')) {
      const { pdf, caseNumber } = await service.renderPrint(file);
      return { body: pdf, size: pdf.length, downloadName: `${caseNumber}.pdf`, uploaded: false };
    }
    const customerId = await viewer(request);
    const stored = customerId ? await service.openCaseFile(customerId, file) : undefined;
    // Not the owner's: perhaps a staff user working on the case.
    if (!stored) return customerId ? undefined : staffFile?.(file, request);
    return { body: stored.stream, size: stored.size, downloadName: stored.downloadName, uploaded: true };
  };
}
