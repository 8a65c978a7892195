import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { buildApp } from '@barber/backend/app';
import { loadConfig, type Config } from '@barber/backend/config';
import { connect, ensureDatabase } from '@barber/backend/db/connect';
import { migrate } from '@barber/backend/db/migrate';
import { createDeps } from '@barber/backend/resources';
import { seedDemo } from '@barber/backend/seed/seed';
import { startWorkers } from '@barber/worker/worker';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

export interface Stack {
  baseUrl: string;
  config: Config;
  deps: ReturnType<typeof createDeps>;
  stop: () => Promise<void>;
}

/**
 * The whole product on a random port: a fresh seeded database of its own, the backend serving the
 * built frontend, the socket server and the worker, as `npm start` runs them.
 */
async function startStack(env: Partial<Config> = {}): Promise<Stack> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  const dbName = `barber_e2e_${randomUUID().slice(0, 8)}`;
  url.pathname = `/${dbName}`;
  const config = loadConfig(process.env, {
    DATABASE_URL: url.toString(),
    REDIS_PREFIX: `e2e${randomUUID().slice(0, 6)}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    PORT: 0,
    ...env,
  });
  await ensureDatabase(config.DATABASE_URL);
  const sql = connect(config.DATABASE_URL, { max: 1 });
  await migrate(sql);
  await seedDemo(sql, { NODE_ENV: 'development' });
  await sql.end();

  const deps = createDeps(config);
  await deps.settings.update({ rateLimitEnabled: false });
  const app = await buildApp(deps, { serveFrontend: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const workers = startWorkers(deps);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    deps,
    stop: async () => {
      await app.close();
      await workers.close();
      await deps.close();
      const admin = connect(base, { max: 1 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Content-Security-Policy violations reported by any page since the last test ended. */
const cspViolations: string[] = [];
const watched = new WeakSet<BrowserContext>();

// Every journey runs under the server's real CSP: a violation fails the test it happened in.
afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen, 'Content-Security-Policy violations in the browser').toEqual([]);
});

/** Collects the browser's CSP reports: its console errors and each page's `securitypolicyviolation` events. */
async function watchCsp(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) cspViolations.push(`${message.location().url}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
}

async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await watchCsp(page.context());
    return page;
  };
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}

/** axe-core findings of serious or critical impact on the current page. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/** The stack and a browser for one journey file: started before its tests, stopped after them. */
export function useStack(): { readonly stack: Stack; readonly browser: Browser } {
  const ctx = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    ctx.stack = await startStack();
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.stack?.stop();
  });
  return ctx;
}

/** Client-side redirects are history changes, not loads: poll the address instead of waiting for a load event. */
export async function waitForPath(page: Page, pathAndQuery: string): Promise<void> {
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return url.pathname + url.search;
      },
      { timeout: 15_000 },
    )
    .toBe(pathAndQuery);
}
