import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ArchivalCategoriesPage } from '../features/archive/archival-categories-page.tsx';
import { StaffLayout } from '../features/staff/staff-layout.tsx';

/** /staff/archive/categories: the categories closed cases are filed under. */
export const Route = createFileRoute('/staff/archive/categories')({
  staticData: { title: msg`Archival categories` },
  component: () => (
    <StaffLayout>
      <ArchivalCategoriesPage />
    </StaffLayout>
  ),
});
