import { Trans } from '@lingui/react/macro';
import { DetailsList } from './details-list.tsx';

/**
 * The response letter's number (issue 25) as text beside the letter, so it can be read out or
 * quoted at the office without opening the PDF; nothing before approval gives it one.
 */
export function LetterNumber({ number }: { number: string | null | undefined }) {
  if (!number) return null;
  return <DetailsList testId="letter-number" rows={[[<Trans>Letter number</Trans>, number]]} />;
}
