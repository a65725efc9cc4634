// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloads } from '../../../scripts/route-preloads-plugin';

const ROOT = '/project';
const chunk = (
  fileName: string,
  modules: string[],
  imports: string[] = [],
  css: string[] = [],
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId: null,
  moduleIds: modules.map((m) => path.join(ROOT, m)),
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

// A build like the app's: the entry preloads React; the app and the sign-in client come on demand.
const BUNDLE = Object.fromEntries(
  [
    chunk('assets/index-1.js', ['src/main.tsx'], ['assets/react-1.js']),
    chunk('assets/react-1.js', ['node_modules/react/index.js']),
    chunk('assets/app-1.js', ['src/App.tsx'], ['assets/react-1.js'], ['assets/app-1.css']),
    chunk('assets/supabase-1.js', ['src/lib/supabase.ts'], ['assets/shared-1.js']),
    chunk('assets/shared-1.js', ['src/lib/shared.ts']),
  ].map((c) => [c.fileName, c]),
);
const HTML =
  '<html><head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/react-1.js"></head><body></body></html>';

function transform(): string {
  const plugin = routePreloads({
    always: ['src/App.tsx'],
    routes: { '/login': ['src/lib/supabase.ts'] },
  });
  (plugin.configResolved as (config: { root: string }) => void)({ root: ROOT });
  const hook = plugin.transformIndexHtml as {
    handler: (html: string, ctx: { bundle: unknown }) => string;
  };
  return hook.handler(HTML, { bundle: BUNDLE });
}

/** The addresses the page's inline script would preload at `pathname`. */
function preloadedAt(html: string, pathname: string): string[] {
  const script = /<script>(\(function\(\)\{[\s\S]*?\}\)\(\))<\/script>/.exec(html)![1]!;
  const added: string[] = [];
  const document = {
    createElement: () => ({}) as { href?: string },
    head: { appendChild: (link: { href: string }) => added.push(link.href) },
  };
  new Function('location', 'document', script)({ pathname }, document);
  return added;
}

describe('route preloads in the page', () => {
  it('links what every page needs (the app and its stylesheet), once', () => {
    const html = transform();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/app-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/app-1.css">');
    expect(html.match(/react-1\.js/g)).toHaveLength(1);
  });

  it('preloads a route’s own code only at that route, with everything it imports', () => {
    const html = transform();
    expect(preloadedAt(html, '/login')).toEqual(['/assets/supabase-1.js', '/assets/shared-1.js']);
    expect(preloadedAt(html, '/')).toEqual([]);
    expect(preloadedAt(html, '/login-help')).toEqual([]);
  });
});
