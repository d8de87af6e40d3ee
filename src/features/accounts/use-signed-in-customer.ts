import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session.ts';
import { customerQuery } from './api.ts';

/** The signed-in customer's profile; it stops asking the moment the session ends (logout, expiry). */
export function useSignedInCustomer() {
  const session = useSession();
  return useQuery({ ...customerQuery(session?.customerId ?? ''), enabled: Boolean(session) }).data;
}
