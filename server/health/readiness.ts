/**
 * What `GET /readyz` asks before it says an instance may take traffic. Each part of the
 * server that depends on something outside the process (the database, Redis …) adds a
 * check; a check throws (or returns a reason) when it is not ready.
 */
export interface ReadinessCheck {
  name: string;
  /** Resolves undefined when ready, or a short reason (never a secret) when not. */
  check(): Promise<string | undefined>;
}
