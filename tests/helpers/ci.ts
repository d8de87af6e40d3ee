/**
 * True on a CI run (`.ci/run` exports CI=true, as most CI services do): there a test that
 * cannot run must fail instead of skipping, or a green run would claim what it never proved.
 */
export const isCi = () => ['true', '1'].includes((process.env.CI ?? '').toLowerCase());
