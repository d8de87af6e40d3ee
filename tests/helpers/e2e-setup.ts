import { afterEach } from 'vitest';
import { closeOpenContexts, screenshotOpenPagesOnFailure } from './browser.ts';

// Run before every e2e file (vite.config.ts, setupFiles of the e2e project). A failed test's
// open pages are always photographed (.screenshots/failed-…), SCREENSHOTS=1 or not; then what
// any test left open is closed, so the next one starts with the browser to itself.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await screenshotOpenPagesOnFailure(task.fullName ?? task.name);
  else await closeOpenContexts();
});
