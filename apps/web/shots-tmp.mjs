import { chromium } from '@playwright/test';
const base = 'http://localhost:3100';
const who = process.env.WHO || 'owner@northwind.example';
const paths = (process.env.PATHS || '/employees').split(',');
const widths = (process.env.WIDTHS || '390').split(',').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, hasTouch: process.env.TOUCH === "1", isMobile: false });
  const page = await ctx.newPage();
  await page.goto(base + '/auth');
  await page.getByLabel('Email').fill(who);
  await page.getByLabel('Password', { exact: true }).fill('DemoPassw0rd!2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(2500);
    const name = `/tmp/shot-${p.replace(/[^a-z]/g, '')}-${w}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name, await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]));
  }
  await ctx.close();
}
await browser.close();
