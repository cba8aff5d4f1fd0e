// The README is a quick start: short, with exactly the two set-up commands, and every page and section
// it or the code sends a reader to exists. The packages' READMEs are read on npm, where a relative
// link leads nowhere: their links are absolute, into the repository their package.json names.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string): string => heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

/** The headings of a Markdown file, without their #s. */
const headingsOf = (markdown: string): string[] => [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!.trim());

describe('README.md, a quick start', () => {
  const readme = read('README.md');

  it('is at most 150 lines, none over 100 characters', () => {
    const lines = readme.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
    expect(lines.filter((line) => line.length > 100)).toEqual([]);
  });

  it('has exactly the two set-up commands a newcomer needs', () => {
    const block = /## Set up\n\n```sh\n([^]*?)```/.exec(readme)?.[1];
    expect(block?.trimEnd().split('\n').map((line) => line.replace(/\s+#.*$/, ''))).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    expect([...readme.matchAll(/npm ci && npm \w+/g)].map((match) => match[0])).toEqual(['npm ci && npm start', 'npm ci && npm test']);
  });

  it('holds the quick start and the CI from your repository, then the links, in this order', () => {
    const wanted = ['Set up', 'A first run against your server', "CI from your server's repository", 'With the GitHub Action', 'Reading the reports', 'More'];
    const headings = headingsOf(readme);
    expect(headings.filter((heading) => wanted.includes(heading))).toEqual(wanted);
    expect(headings.at(-1)).toBe('More');
  });

  it('links every guide under docs/', () => {
    const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    expect(guides.filter((name) => !readme.includes(`](docs/${name}`))).toEqual([]);
  });
});

// Where the code and the docs tell a reader to look: `README.md, "A first run against your server"`.
const citing = ['scripts/start.ts', 'action.yml', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`), ...readdirSync(join(root, 'packages/cli/src/cli/commands')).map((name) => `packages/cli/src/cli/commands/${name}`)];

describe('sections named by the code and the docs', () => {
  const citations = citing.flatMap((file) => [...read(file).matchAll(/([\w/.-]+\.md), "([^"]+)"/g)].map(([, target, heading]) => ({ file, target: target!, heading: heading! })));

  it('are found (start, the action, the guides cite some)', () => {
    expect(citations.map(({ target, heading }) => `${target}, "${heading}"`)).toEqual(expect.arrayContaining([
      'README.md, "A first run against your server"', 'README.md, "With the GitHub Action"',
    ]));
  });

  it.each(['README.md', 'docs/CI.md', 'docs/PROFILE.md', 'docs/ARCHITECTURE.md'])('exist in %s', (target) => {
    const headings = headingsOf(read(target));
    const cited = citations.filter((citation) => citation.target.endsWith(target.replace(/^docs\//, '')) && (target !== 'README.md' || !citation.target.includes('/')));
    expect(cited.filter(({ heading }) => !headings.some((known) => known.replace(/`/g, '') === heading)).map(({ file, heading }) => `${file}: "${heading}"`)).toEqual([]);
  });

  it('and the anchors the Markdown links to exist', () => {
    const broken = ['README.md', ...citing.filter((file) => file.endsWith('.md'))].flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s#:]*\.md)#([^)]+)\)/g)].flatMap(([, target, anchor]) => {
        const path = file.startsWith('docs/') && !target!.startsWith('../') ? `docs/${target}` : target!.replace(/^\.\.\//, '');
        return headingsOf(read(path)).map(anchorOf).includes(anchor!) ? [] : [`${file} → ${target}#${anchor}`];
      }));
    expect(broken).toEqual([]);
  });
});

/** The repository a package's package.json names, as a web address. */
const repositoryOf = (workspace: string): string =>
  (JSON.parse(read(`${workspace}/package.json`)) as { repository: { url: string } }).repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

describe('packages/api/README.md on npm', () => {
  it('holds no web address (the integrator reads it without the repository) and points at what its tarball packs', () => {
    const readme = read('packages/api/README.md');
    // Code (blocks and spans) holds the examples' local addresses; the prose links to nothing.
    const prose = readme.replace(/^```[^]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
    expect([...prose.matchAll(/\]\(([^)]+)\)|https?:\/\/\S+/g)].map((match) => match[0])).toEqual([]);
    expect(readme).toContain('`CHANGELOG.md` in this package');
    expect(read('scripts/build.mjs')).toContain("cpSync(new URL('../CHANGELOG.md', import.meta.url), join(root, 'CHANGELOG.md'))");
  });
});

describe.each(['packages/cli'])('%s/README.md on npm', (workspace) => {
  const readme = read(`${workspace}/README.md`);
  const repository = repositoryOf(workspace);

  it('links only absolutely, into files the repository its package.json names holds', () => {
    // Links and bare addresses in the text; the examples' URLs are placeholders of code.
    const prose = readme.replace(/^```[^]*?^```$/gm, '');
    const links = [...prose.matchAll(/\]\(([^)]+)\)|(https?:\/\/\S+?)(?=[)\s]|$)/g)].map((match) => match[1] ?? match[2]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !link.startsWith(repository))).toEqual([]);
    const missing = links.map((link) => /\/(?:blob|tree)\/main\/([^#]+)/.exec(link)?.[1]).filter((path): path is string => path !== undefined).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });
});

describe('packages/api/README.md, the integrator\'s', () => {
  const readme = read('packages/api/README.md');

  it('shows how to install it, and an example each of the types, the client and the webhook verifier', () => {
    expect(readme).toContain('npm install @mfc-conformance/api');
    const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
    expect(blocks.some((block) => /from '@mfc-conformance\/api\/v2'/.test(block))).toBe(true);
    expect(blocks.some((block) => /createClient\(/.test(block))).toBe(true);
    expect(blocks.some((block) => /verifySignature\(/.test(block))).toBe(true);
  });
});
