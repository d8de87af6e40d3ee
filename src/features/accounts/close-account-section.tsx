import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { api } from '../../app/http.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { session } from '../../app/session.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FormField } from '../../ui/form-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';

/** A case in one of these is finished; any other keeps the account open (server/privacy/anonymise.ts). */
const FINISHED = new Set(['verified', 'rejected', 'archived', 'withdrawn']);

/** Every case of the customer's, for the ones still open (cleared with the customer's other data). */
const allCasesQuery = () => ({
  queryKey: [...queryKeys.customer.cases(), 'all'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('getAllCases', { signal }),
});

/**
 * Issue 28, on the profile: the customer closes their account. It says what happens, lists the
 * open cases that stop it (withdraw or wait), asks for the password and a confirmation; on
 * success the session ends and the landing page says the account is closed.
 */
export function CloseAccountSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const { data: cases } = useQuery(allCasesQuery());
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const open = (cases ?? []).filter((kase) => !FINISHED.has(kase.status));
  const close = useMutation({
    mutationFn: (typed: string) => api('closeMyAccount', { json: { password: typed } }),
    onSuccess: (body) => {
      session.clear();
      // Nothing of the closed account stays readable on this device.
      queryClient.removeQueries({ queryKey: queryKeys.customer.all });
      toast('success', serverMessage(body, locale) ?? t`Your account is closed and your personal data has been erased.`);
      void navigate({ to: '/' });
    },
    onError: (error) => {
      setPassword('');
      refusal(error);
      // A case filed elsewhere since this page was loaded: show it.
      void queryClient.invalidateQueries({ queryKey: allCasesQuery().queryKey });
    },
  });

  return (
    <section className="profile-details close-account" aria-labelledby="close-account" data-testid="close-account">
      <h2 id="close-account">
        <Trans>Close my account</Trans>
      </h2>
      <p>
        <Trans>
          Closing your account erases your personal data at once: your name, e-mail, phone numbers, address, picture and password. You can no
          longer log in, and you may register again later with the same e-mail or phone.
        </Trans>
      </p>
      <p className="muted">
        <Trans>
          Your cases are kept for the corporation&apos;s records, with their answers and files, under a code instead of your name. This cannot
          be undone.
        </Trans>
      </p>
      {open.length > 0 ? (
        <div className="notice" role="status" data-testid="close-account-open-cases">
          <p>
            <Trans>
              You have open cases. Withdraw the ones that are not yet answered, or wait until they are finished; then you can close your account.
            </Trans>
          </p>
          <ul>
            {open.map((kase) => (
              <li key={kase._id}>
                <Link to="/dashboard/case/$id" params={{ id: kase._id }}>
                  {kase.case_number}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        cases && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (sure && password) close.mutate(password);
            }}
          >
            <FormField
              label={<Trans>Your password</Trans>}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <label className="checkbox-field">
              <input type="checkbox" required checked={sure} onChange={(event) => setSure(event.target.checked)} />{' '}
              <Trans>I understand that my personal data will be erased and my account cannot be opened again.</Trans>
            </label>
            <SubmitButton busy={close.isPending}>
              <Trans>Close my account</Trans>
            </SubmitButton>
          </form>
        )
      )}
    </section>
  );
}
