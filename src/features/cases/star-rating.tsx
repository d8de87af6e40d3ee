import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RATING_COMMENT_MAX } from '../../../server/contract/constants.ts';

// SPEC section 9: 5 stars, default rating 1.
const STARS = 5;
const DEFAULT_RATING = 1;

/**
 * The stars a customer chooses, in the signed-in dialog and on the one-tap rating page.
 * SPEC's default stays 1, but "Rate" waits for a star the customer chose: one tap on it used
 * to record 1 of 5 for good (review desk-2026-11-27, defect 15).
 */
export function useStarChoice() {
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [chosen, setChosen] = useState(false);
  const choose = (value: number) => {
    setRating(value);
    setChosen(true);
  };
  return { rating, chosen, choose };
}
export type StarChoice = ReturnType<typeof useStarChoice>;

/**
 * SPEC sections 2, 4 and 5: a row of stars. Clicking a star sets the rating; double-clicking
 * star 1 sets 0 (the server refuses 0, not the client).
 */
export function StarRow({ choice }: { choice: StarChoice }) {
  const { t } = useLingui();
  const { rating, chosen, choose } = choice;
  return (
    <>
      <div className="stars" role="radiogroup" aria-label={t`Rating`}>
        {Array.from({ length: STARS }, (_, index) => {
          const value = index + 1;
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={t`${value} of 5 stars`}
              className={`star ${value <= rating ? 'star-on' : ''}`}
              onClick={() => choose(value)}
              onDoubleClick={value === 1 ? () => choose(0) : undefined}
            >
              ★
            </button>
          );
        })}
      </div>
      <p className="muted" data-testid="rating-value" aria-live="polite">
        {chosen ? <Trans>Your rating: {rating} of 5</Trans> : <Trans>Tap a star to choose your rating.</Trans>}
      </p>
    </>
  );
}

/** Issue 25: what the customer may add in words; staff read it, other customers never do. */
export function RatingComment({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="form-field">
      <label htmlFor="rating-comment">
        <Trans>Comment (optional)</Trans>
      </label>
      <textarea id="rating-comment" rows={3} maxLength={RATING_COMMENT_MAX} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
