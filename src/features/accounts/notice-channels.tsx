import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeChannels } from '../../../server/contract/telegram-calls.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { accountsApi, noticeChannelsQuery } from './api.ts';

/**
 * Issue 26: the customer chooses the channels the notices of their cases go by. E-mail only
 * for an account that has one; Telegram as a choice once a chat is linked, and before that
 * as the way to link one (the bot links the chat that shares this account's phone).
 */
export function NoticeChannelsSection({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const { data } = useQuery(noticeChannelsQuery(customerId));
  const [chosen, setChosen] = useState<NoticeChannels | undefined>();
  const save = useMutation({
    mutationFn: accountsApi.saveNoticeChannels,
    onSuccess: (answer) => {
      queryClient.setQueryData(noticeChannelsQuery(customerId).queryKey, answer);
      setChosen(undefined);
      toast('success', t`Saved`);
    },
    onError: refusal,
  });
  if (!data) return null;
  const current = chosen ?? { email: data.email, sms: data.sms, telegram: data.telegram };
  const box = (channel: keyof NoticeChannels, label: string) => (
    <label className="checkbox-field">
      <input type="checkbox" checked={current[channel]} onChange={(event) => setChosen({ ...current, [channel]: event.target.checked })} /> {label}
    </label>
  );

  return (
    <section className="profile-details" aria-labelledby="notice-channels">
      <h2 id="notice-channels">
        <Trans>Notices of your cases</Trans>
      </h2>
      <p className="muted">
        <Trans>Choose how we tell you when your case moves on.</Trans>
      </p>
      <form onSubmit={(event) => { event.preventDefault(); save.mutate(current); }}>
        {data.has_email && box('email', t`By e-mail`)}
        {box('sms', t`By SMS`)}
        {data.telegram_linked && box('telegram', t`By Telegram`)}
        {!data.telegram_linked && data.telegram_bot && (
          <p className="telegram-link">
            <Trans>
              To get them by Telegram, open <a href={`https://t.me/${data.telegram_bot}`} target="_blank" rel="noreferrer">@{data.telegram_bot}</a>, send /start, choose your language and share your phone number with the button. It must be the phone number of this account.
            </Trans>
          </p>
        )}
        <SubmitButton busy={save.isPending}>
          <Trans>Save my choice</Trans>
        </SubmitButton>
      </form>
    </section>
  );
}
