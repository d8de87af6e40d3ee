import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StaffRole } from '../../app/staff-session.ts';

/** The roles in the product's words (the stored accusation_acceptor is the ethics role): the staff list, and the header's who is signed in. */
export const ROLE_LABEL: Record<StaffRole, MessageDescriptor> = {
  officer: msg`Officer`,
  manager: msg`Manager`,
  accusation_acceptor: msg`Ethics`,
  archivist: msg`Archivist`,
  admin: msg`Administrator`,
};
