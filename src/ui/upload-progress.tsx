import { useLingui } from '@lingui/react/macro';
import { Spinner } from './spinner.tsx';

/** A form's upload on its way (an accusation, an answer to the corporation's request): how much of it is sent. */
export function UploadProgress({ progress }: { progress: number }) {
  const { t } = useLingui();
  return (
    <div className="upload-progress" role="status">
      <Spinner label={t`Sending`} />
      <progress max={1} value={progress} aria-label={t`Sending`} />
      <span>{Math.round(progress * 100)}%</span>
    </div>
  );
}
