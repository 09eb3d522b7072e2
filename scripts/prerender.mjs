#!/usr/bin/env node
// Build-time HTML for the public pages a visitor opens first (decision 012): renders them with the app's own
// components (apps/web/src/prerender/entry-server.tsx, built by Vite for Node) into the built index.html, as
// apps/web/dist/prerender/<page>.html. The server sends such a file for its exact path; the browser paints it
// before any JavaScript has run, and main.tsx hydrates it. Every other path keeps the plain index.html.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The pages prerendered, by path: public, the same for every visitor, and without data of their own in the HTML. */
export const PRERENDERED_PATHS = ['/', '/signin'];

/** apps/web/dist/prerender/index.html for '/', .../signin.html for '/signin' (the server maps paths the same way). */
export const prerenderFile = (pathname) => (pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);

/** index.html's root element with its loading placeholder: everything up to the last </div> before </body>. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

export function prerender(webDir) {
  const ssrDir = path.join(webDir, 'node_modules/.prerender');
  const vite = path.join(path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/prerender/entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn', '--sourcemap', 'false'],
    { cwd: webDir, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('the prerender build failed');
  // A child process, so that React, Mantine and the router loaded for rendering leave with it.
  const render = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--render', webDir, ssrDir], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (render.status !== 0) throw new Error('prerendering failed');
  rmSync(ssrDir, { recursive: true, force: true });
}

/** The class names a piece of markup uses. */
function classesIn(markup) {
  const classes = new Set();
  for (const [, list] of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of list.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * The built stylesheets, other than those index.html already links, that style the markup: the CSS of the
 * page's lazy chunks (its layout's and its own CSS modules, Mantine's date picker), which the browser would
 * otherwise fetch only with their JavaScript, leaving the prerendered page unstyled until then. A stylesheet
 * is taken when one of its class selectors is used in the markup (Mantine's shared `mantine-*` names aside).
 */
function stylesheetsFor(markup, webDir, template) {
  const used = classesIn(markup);
  const assets = path.join(webDir, 'dist/assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css') && !template.includes(`/assets/${file}`))
    .sort()
    .filter((file) => {
      const css = readFileSync(path.join(assets, file), 'utf8');
      for (const [, name] of css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (!name.startsWith('mantine-') && used.has(name)) return true;
      return false;
    })
    .map((file) => `/assets/${file}`);
}

async function renderAll(webDir, ssrDir) {
  const { renderPage } = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
  const template = readFileSync(path.join(webDir, 'dist/index.html'), 'utf8');
  if (!ROOT_ELEMENT.test(template)) throw new Error('dist/index.html: <div id="root"> with its loading placeholder not found');
  const outDir = path.join(webDir, 'dist/prerender');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const pathname of PRERENDERED_PATHS) {
    const markup = await renderPage(pathname);
    // The page's CSP allows index.html's own inline scripts only (apps/server/src/plugins/spa.ts).
    if (/<script/i.test(markup)) throw new Error(`${pathname}: the rendered markup holds a script, which the CSP would block`);
    // data-prerendered names the path the markup belongs to: main.tsx hydrates only when it is the one opened.
    const links = stylesheetsFor(markup, webDir, template).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
    // The page shows once all of it is parsed (#root-end follows it): a slow phone would otherwise paint the top
    // of the markup first, and the sign-in card, centred, would jump as the rest arrived (layout shift). A
    // browser without :has() ignores the rule and paints as it parses.
    const head = [...links, '<style>#root[data-prerendered]:not(:has(~ #root-end)){display:none}</style>'].join('\n    ');
    const html = template
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${pathname}">${markup}</div>\n    <div id="root-end" hidden></div>`);
    writeFileSync(path.join(outDir, prerenderFile(pathname)), html);
  }
}

if (process.argv[2] === '--render') {
  await renderAll(process.argv[3], process.argv[4]);
}
