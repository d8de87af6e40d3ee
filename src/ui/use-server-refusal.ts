import { useLingui } from '@lingui/react/macro';
import { httpStatus, refusalBody } from '../app/http.ts';
import { serverMessage } from '../i18n/locales.ts';
import { useLocale } from '../i18n/use-locale.ts';
import { toast } from './toast.tsx';

/**
 * What a form says when a call fails (SPEC section 8): the server's message in the chosen
 * language; "Too many attempts" on a 429 (the wait screen shows too); a plain word when
 * no answer came at all. 500s already took over the screen.
 */
export function useServerRefusal() {
  const { t } = useLingui();
  const locale = useLocale();
  return (error: unknown) => {
    const status = httpStatus(error);
    if (status === 429) return toast('error', t`Too many attempts. Please try again later.`);
    if (status !== undefined && status >= 500) return;
    const body = refusalBody(error);
    if (body) return toast('error', serverMessage(body, locale) ?? t`Something went wrong`);
    toast('error', t`No connection to the server. Check your connection and try again.`);
  };
}
