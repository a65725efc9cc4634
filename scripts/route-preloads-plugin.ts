import path from 'node:path';
import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Bundle = Record<string, Chunk | { type: 'asset'; fileName: string }>;

/** Which of the app's modules each address needs before its first screen is usable. */
export interface RoutePreloads {
  /** Every address: the app itself, which the entry imports on demand. */
  always: string[];
  /** Addresses starting with the key (or equal to it): the screens behind them. */
  routes: Record<string, string[]>;
}

/** The chunk holding `module` (a path from the project root), and every chunk it imports. */
function closure(bundle: Bundle, root: string, module: string): string[] {
  const id = path.resolve(root, module);
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const start =
    chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
  if (!start) throw new Error(`route preloads: no chunk holds ${module}`);
  const files = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...files];
}

const link = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;

/**
 * Puts the code each address needs in the page itself, so the browser asks for all of it while
 * the HTML arrives: a page load then costs one wave of requests, not one per `import()` (on a
 * slow line each wave is a round trip, and the screen's chunks waited for the app's, which
 * waited for the entry's). The app's own chunks become `<link>`s; the ones only some addresses
 * need are added by a few lines of inline script that read the address first.
 */
export function routePreloads(preloads: RoutePreloads): Plugin {
  let root = '';
  return {
    name: 'stockroom-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Bundle | undefined;
        if (!bundle) return html;
        const listed = (file: string) => html.includes(`/${file}"`);
        const always = new Set(
          preloads.always.flatMap((m) => closure(bundle, root, m)).filter((f) => !listed(f)),
        );
        const routes = Object.fromEntries(
          Object.entries(preloads.routes).map(([prefix, modules]) => [
            prefix,
            [...new Set(modules.flatMap((m) => closure(bundle, root, m)))].filter(
              (f) => !listed(f) && !always.has(f),
            ),
          ]),
        );
        const script = `<script>(function(){var r=${JSON.stringify(routes)},p=location.pathname;for(var k in r)if(p===k||p.indexOf(k+'/')===0)r[k].forEach(function(f){var l=document.createElement('link');l.crossOrigin='';if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.href='/'+f;document.head.appendChild(l)})})()</script>`;
        const tags = [...always].map(link).join('\n    ');
        return html.replace('</head>', `    ${script}\n    ${tags}\n  </head>`);
      },
    },
  };
}
