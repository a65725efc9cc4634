// @vitest-environment node
// Comments cite the project's own documents (docs/architecture.md#conventions): a section of a
// file in docs/, never a document outside the repository. This fails on a comment that cites the
// old outside documents, or a `docs/<file>.md#<section>` whose file or heading does not exist, so
// renaming a heading means updating what cites it. Links between README.md and docs/*.md are
// held to the same rule.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Where source comments live; supabase/migrations is generated history and not read. */
const SOURCE_DIRS = ['src', 'supabase/schemas', 'netlify', 'local', 'scripts', 'tests', 'bench'];
const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|cjs|css|sql)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'fixtures', 'results']);
/** This file, whose examples cite what the others must not. */
const SELF = 'tests/unit/lint/doc-citations.test.ts';

// Built from parts so that this file does not cite them itself.
const OUTSIDE = new RegExp(`\\b${'SP' + 'EC'}\\b|${'DES' + 'IGN'}`);
const CITATION = /\bdocs\/([\w./-]+?\.md)(?:#([\w-]+))?/g;


function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...sourceFiles(relative));
    } else if (SOURCE_FILE.test(entry.name) && relative !== SELF) {
      files.push(relative);
    }
  }
  return files;
}

/** The files at the repository's root that hold comments: the tools' configuration. */
function rootFiles(): string[] {
  return readdirSync(root).filter((name) => /\.(?:ts|js|mjs|cjs)$/.test(name));
}

/** Every comment of a file, with the line it starts on: `//`, `/* … *\/`, and SQL's `--`. */
export function commentsOf(text: string, sql: boolean): Array<{ line: number; text: string }> {
  const pattern = sql ? /--[^\n]*|\/\*[\s\S]*?\*\//g : /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
  const comments: Array<{ line: number; text: string }> = [];
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    // `//` inside a URL is not a comment: look again just after it.
    if (!sql && match[0].startsWith('//') && text[match.index - 1] === ':') {
      pattern.lastIndex = match.index + 2;
      continue;
    }
    comments.push({ line: text.slice(0, match.index).split('\n').length, text: match[0] });
  }
  return comments;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown file's headings make (outside code blocks), repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();

/** The anchors of a file in docs/, or null when there is no such file. */
function docAnchors(file: string): Set<string> | null {
  if (!anchorCache.has(file)) {
    const full = path.join(root, file);
    anchorCache.set(file, existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : null);
  }
  return anchorCache.get(file)!;
}

/** What is wrong with one comment: an outside document cited, or a docs citation that misses. */
export function problemsIn(
  comment: string,
  anchorsFor: (file: string) => Set<string> | null,
): string[] {
  const problems: string[] = [];
  if (OUTSIDE.test(comment)) problems.push('cites a document outside the repository');
  for (const [, file, anchor] of comment.matchAll(CITATION)) {
    const anchors = anchorsFor(`docs/${file}`);
    if (!anchors) problems.push(`docs/${file} does not exist`);
    else if (anchor && !anchors.has(anchor))
      problems.push(`docs/${file} has no section #${anchor}`);
  }
  return problems;
}

describe('citations in comments', () => {
  it('cite only docs/ files and sections that exist', () => {
    const files = [...SOURCE_DIRS.flatMap(sourceFiles), ...rootFiles()];
    expect(files.length).toBeGreaterThan(300);
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const comment of commentsOf(text, file.endsWith('.sql'))) {
        const found = problemsIn(comment.text, docAnchors);
        problems.push(...found.map((problem) => `${file}:${comment.line}: ${problem}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses an outside document, a missing file and a missing section', () => {
    const anchors = (file: string) =>
      file === 'docs/product.md' ? new Set(['plans', 'ebay']) : null;
    expect(problemsIn(`// Plan limits (${'SP' + 'EC'} 6).`, anchors)).toHaveLength(1);
    expect(problemsIn(`/* the layer graph (${'DES' + 'IGN'}.md) */`, anchors)).toHaveLength(1);
    expect(problemsIn('// see docs/product.md#plans and docs/product.md', anchors)).toEqual([]);
    expect(problemsIn('// see docs/product.md#billing', anchors)).toEqual([
      'docs/product.md has no section #billing',
    ]);
    expect(problemsIn('-- see docs/nowhere.md#plans', anchors)).toEqual([
      'docs/nowhere.md does not exist',
    ]);
  });

  it('reads comments, not code, and makes GitHub’s anchors', () => {
    const code = "const url = 'https://x.test/a'; // one\n/* two\n three */\nlet a = 1;";
    expect(commentsOf(code, false).map((c) => c.line)).toEqual([1, 2]);
    expect(commentsOf('select 1; -- three\n/* four */', true)).toHaveLength(2);
    expect(slug('Products: acting on many')).toBe('products-acting-on-many');
    expect(slug('3D view')).toBe('3d-view');
    expect(slug('Writing an e2e test')).toBe('writing-an-e2e-test');
    expect(slug('`npm run bench`, in brief')).toBe('npm-run-bench-in-brief');
    expect([...anchorsOf('# A\n```\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1']);
  });
});

describe('links between README.md and docs/', () => {
  it('point at files and sections that exist', () => {
    const documents = [
      'README.md',
      ...readdirSync(path.join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const problems: string[] = [];
    for (const document of documents) {
      const text = readFileSync(path.join(root, document), 'utf8');
      for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*\.md)?(?:#([^)\s]+))?\)/g)) {
        if (target === undefined && anchor === undefined) continue;
        if (target && /^[a-z]+:/.test(target)) continue;
        const file = target
          ? path.posix.normalize(path.posix.join(path.posix.dirname(document), target))
          : document;
        const anchors = docAnchors(file);
        if (!anchors) problems.push(`${document}: ${file} does not exist`);
        else if (anchor && !anchors.has(anchor)) problems.push(`${document}: ${file}#${anchor}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
