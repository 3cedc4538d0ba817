import { Secret, TOTP } from 'otpauth';
import { expect, openLogoutDialog, signInAs, signInThroughForm, test } from './support/fixtures';

/** The code an authenticator app holding `secret` shows `stepsAhead` 30-second steps from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

test('a reseller turns on two-factor sign-in and then signs in with a code', async ({
  page,
  makeUser,
}) => {
  const reseller = await makeUser('reseller', 'totp');
  await signInAs(page, reseller);
  await page.goto('/reseller');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Security' })
    .click();
  await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.locator('code').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();

  const dialog = await openLogoutDialog(page);
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInThroughForm(page, reseller.username, reseller.password);
  const code = page.getByLabel('Authenticator code');
  await expect(code).toBeFocused();
  await expect(page.getByRole('alert')).toContainText(
    'Enter the code from your authenticator app to sign in',
  );
  // The code that turned it on is spent; the app's next one works.
  await code.fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/reseller(\/[^?#]*)?$/);
});
