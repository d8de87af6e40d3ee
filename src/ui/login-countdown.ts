import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';

// Shared by the reset by link and, issue 26, the reset by code on the forgot-password page:
// kept with the forms' shared parts (vite.config.ts), so that page fetches no extra file.
/** SPEC section 9: after a reset the page goes to /login in 6 seconds. */
export const RESET_REDIRECT_SECONDS = 6;

/** The seconds left before a done reset (by link or, issue 26, by code) goes to /login. */
export function useLoginCountdown(done: boolean): number {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(RESET_REDIRECT_SECONDS);
  useEffect(() => {
    if (!done) return;
    if (secondsLeft === 0) {
      void navigate({ to: '/login' });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [done, secondsLeft, navigate]);
  return secondsLeft;
}
