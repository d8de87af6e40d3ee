import type { Page } from 'playwright-core';

/** Logs a customer in through the login page, as a person would, and waits for the dashboard. */
export async function logInThroughPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/dashboard$/);
}

/** How much ink the first rendered PDF page has: a blank render has none. */
export function inkOnFirstPage(page: Page, scope = 'body') {
  return page.locator(`${scope} canvas.pdf-page`).first().evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
    return dark;
  });
}
