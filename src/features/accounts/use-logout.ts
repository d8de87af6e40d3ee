import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { blocking } from '../../app/blocking.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { session } from '../../app/session.ts';
import { accountsApi } from './api.ts';

/** SPEC section 4: on 200 session storage is cleared and the user goes to /; on failure the error screen. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: accountsApi.logout,
    onSuccess: () => {
      session.clear();
      // Nothing of this customer stays readable on a shared device.
      queryClient.removeQueries({ queryKey: queryKeys.customer.all });
      void navigate({ to: '/' });
    },
    onError: () => blocking.serverError(),
  });
}
