import { html, type Html } from './html.js';

/**
 * One page of the site: `root` is the relative way back to the site's top folder (`''` or
 * `'../'`), so every link works from `file://` as from any static host.
 */
export function pageShell(options: { title: string; root: string; body: Html; scripts?: readonly string[] }): string {
  const { title, root, body, scripts = [] } = options;
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${root}assets/site.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><nav aria-label="Site"><a href="${root}index.html">kurel type reference</a></nav></header>
<main id="main">
${body}
</main>
${scripts.map((script) => html`<script src="${root}${script}"></script>\n`)}</body>
</html>
`.text}`;
}

/** The site's one stylesheet: readable text, contrast enough for axe's checks, no web fonts. */
export const SITE_CSS = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a525c; --line: #d0d7de; --accent: #0b5cad; --soft: #f4f6f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
header { background: var(--ink); padding: .6rem 1.2rem; }
header a { color: #fff; font-weight: 600; text-decoration: none; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.2rem 3rem; }
a { color: var(--accent); }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: .5rem; background: #fff; padding: .3rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
pre { background: var(--soft); border: 1px solid var(--line); padding: .8rem; overflow: auto; max-height: 32rem; }
.badge { display: inline-block; font-size: .75rem; padding: 0 .4rem; border-radius: .6rem; border: 1px solid var(--line); color: var(--muted); }
.badge.required { border-color: #a3310b; color: #8a2a09; }
.type { color: var(--muted); font-family: ui-monospace, monospace; font-size: .85em; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; }
ul.tree { list-style: none; padding-left: 1.1rem; margin: .2rem 0; border-left: 1px solid var(--line); }
ul.tree > li { margin: .15rem 0; }
details > summary { cursor: pointer; }
details.leaf > summary { list-style: none; }
details.leaf > summary::before { content: "\\2022  "; color: var(--muted); }
.constraints { display: grid; grid-template-columns: max-content 1fr; gap: 0 .8rem; margin: .2rem 0 .4rem; font-size: .9rem; }
.constraints dt { color: var(--muted); }
.constraints dd { margin: 0; }
.family { margin: .6rem 0; }
.family h4 { margin: .4rem 0 .2rem; }
.types { list-style: none; padding: 0; margin: 0; }
.types li { margin: .15rem 0; }
.where { color: var(--muted); font-size: .9rem; }
#search { width: 100%; max-width: 30rem; font-size: 1rem; padding: .4rem .6rem; border: 1px solid var(--muted); border-radius: .3rem; }
#results { padding-left: 1.2rem; }
#results .where { color: var(--muted); font-size: .9rem; }
`;
