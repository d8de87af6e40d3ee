import { ApiError, notFound } from '../errors/api-error.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import type { ArchiveStore } from './store.ts';

/** Filed cases on one page of the archive's search. */
const ARCHIVE_PAGE_SIZE = 10;

/** Archivists' and admins' archive: its categories and its search. Filing a case is casework's move. */
export function createArchiveService({ store, clock }: { store: ArchiveStore; clock: () => number }) {
  return {
    archivedCases(filter: { category?: string; case_number?: string; from?: string; to?: string; page?: number }) {
      return store.archived({
        category: filter.category, caseNumber: filter.case_number?.trim().toUpperCase() || undefined,
        from: filter.from, to: filter.to, page: filter.page ?? 1, perPage: ARCHIVE_PAGE_SIZE,
      });
    },

    archivalCategories: () => store.categories(),

    /** Whether a case may be filed under this category: it exists and is active. */
    async isActiveCategory(id: string): Promise<boolean> {
      return (await store.category(id))?.status === 'active';
    },

    async saveArchivalCategory(session: SessionClaims, change: { _id?: string; name: string; status?: 'active' | 'inactive' }) {
      // Refused in words, not by the schema's generic invalidRequest (review defect 9: an empty name said nothing).
      const name = change.name.trim();
      if (!name) throw new ApiError(400, 'archivalCategoryNameRequired');
      const saved = await store.saveCategory(
        { id: change._id, name, status: change.status },
        { id: session.id, role: session.role as StaffRole },
        new Date(clock()),
      );
      if (saved === undefined) throw notFound('archivalCategoryNotFound');
      if (saved === 'nameTaken') throw new ApiError(409, 'archivalCategoryNameTaken');
      return saved;
    },
  };
}
export type ArchiveService = ReturnType<typeof createArchiveService>;
