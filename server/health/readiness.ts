/**
 * What `GET /readyz` asks before it says an instance may take traffic. Each part of the
 * server that depends on something outside the process (the database, Redis …) adds a
 * check; a check throws (or returns a reason) when it is not ready.
 */
export interface ReadinessCheck {
  name: string;
  /**
   * The instance still serves without it, only less well (Redis: the shared rate limits fall
   * back to this process's counts). Then /readyz says "degraded" with 200: a load balancer
   * that took out every instance because the counters' store is down would cause an outage
   * the store alone did not.
   */
  degradesOnly?: boolean;
  /** Resolves undefined when ready, or a short reason (never a secret) when not. */
  check(): Promise<string | undefined>;
}
