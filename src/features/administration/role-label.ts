import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StaffRoleName } from './staff-users-api.ts';

/** The roles in the product's words (the stored accusation_acceptor is the ethics role). */
export const ROLE_LABEL: Record<StaffRoleName, MessageDescriptor> = {
  officer: msg`Officer`,
  manager: msg`Manager`,
  accusation_acceptor: msg`Ethics`,
  archivist: msg`Archivist`,
  admin: msg`Administrator`,
};
