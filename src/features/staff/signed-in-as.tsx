import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { ROLE_LABEL } from '../../ui/staff/role-label.ts';
import { meQuery } from './api.ts';

/** Who is signed in, in the header: the full name and role; on a phone the first name and role (styles.css). */
export function SignedInAs() {
  const { i18n } = useLingui();
  const me = useQuery(meQuery()).data;
  if (!me) return null;
  return (
    <span className="signed-in-as">
      <span className="signed-in-name">
        {me.firstname}
        <span className="signed-in-lastname"> {me.lastname}</span>
      </span>
      <span className="signed-in-role">{i18n._(ROLE_LABEL[me.role])}</span>
    </span>
  );
}
