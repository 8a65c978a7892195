import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

/*
 * The JavaScript a browser must load before it can render `/`: the entry script of index.html plus
 * every <link rel="modulepreload"> it lists, each gzip-compressed at level 9. No imports of the
 * backend here: the e2e budget check uses this file too.
 */

/** The budget of the home page's initial JavaScript, gzip, in bytes. */
export const INITIAL_JS_BUDGET = 150_000;

/** Chunks that only lazy screens may load (named in frontend/vite.config.ts). */
export const LAZY_ONLY_CHUNKS = /^assets\/(charts|stripe|socket-io|forms|zod|shared)-/;

const frontendDir = fileURLToPath(new URL('../frontend', import.meta.url));
const viteBin = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFigures {
  /** The entry and the modulepreloaded chunks, with their gzip size in bytes. */
  initial: { file: string; gzip: number }[];
  initialGzip: number;
  cssGzip: number;
  /** The home screen's own lazy chunks (loaded after the entry has rendered the shell). */
  homeRoute: { file: string; gzip: number }[];
  /** Every other chunk, largest first. */
  lazy: { file: string; gzip: number; src?: string }[];
}

const gzipSize = async (path: string) => gzipSync(await readFile(path), { level: 9 }).length;
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];

/** Builds the frontend into a temporary folder and measures what `/` loads. */
export async function measureBundle(): Promise<BundleFigures> {
  const outDir = await mkdtemp(join(tmpdir(), 'barber-bundle-'));
  try {
    await promisify(execFile)(process.execPath, [viteBin, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      cwd: frontendDir,
      maxBuffer: 16 * 1024 * 1024,
    });
    return await measureDist(outDir);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Measures a built dist folder (its index.html, and .vite/manifest.json when present). */
export async function measureDist(dist: string): Promise<BundleFigures> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = tags
    .filter((t) => t.startsWith('<script') && attr(t, 'type') === 'module')
    .map((t) => attr(t, 'src'));
  const preloads = tags.filter((t) => attr(t, 'rel') === 'modulepreload').map((t) => attr(t, 'href'));
  const styles = tags.filter((t) => attr(t, 'rel') === 'stylesheet').map((t) => attr(t, 'href'));
  const local = (href: string | undefined): href is string => !!href && href.startsWith('/');

  const initialFiles = [...new Set([...scripts, ...preloads].filter(local).map((h) => h.slice(1)))];
  const initial = await Promise.all(
    initialFiles.map(async (file) => ({ file, gzip: await gzipSize(join(dist, file)) })),
  );
  const cssSizes = await Promise.all(styles.filter(local).map((h) => gzipSize(join(dist, h.slice(1)))));

  const manifest: Manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8').catch(() => '{}'));
  const initialSet = new Set(initialFiles);
  const homeFiles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initialSet.has(chunk.file) || homeFiles.has(chunk.file)) return;
    homeFiles.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  const homeKey = Object.keys(manifest).find((k) => k.endsWith('features/home/components/HomePage.tsx'));
  if (homeKey) visit(homeKey);
  const homeRoute = await Promise.all(
    [...homeFiles].map(async (file) => ({ file, gzip: await gzipSize(join(dist, file)) })),
  );

  const lazy = await Promise.all(
    Object.values(manifest)
      .filter((c) => c.file.endsWith('.js') && !initialSet.has(c.file))
      .map(async (c) => ({ file: c.file, src: c.src, gzip: await gzipSize(join(dist, c.file)) })),
  );
  lazy.sort((a, b) => b.gzip - a.gzip);
  initial.sort((a, b) => b.gzip - a.gzip);

  return {
    initial,
    initialGzip: initial.reduce((sum, c) => sum + c.gzip, 0),
    cssGzip: cssSizes.reduce((sum, s) => sum + s, 0),
    homeRoute,
    lazy,
  };
}
