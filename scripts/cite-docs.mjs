#!/usr/bin/env node
// Rewrites citations of the product spec and server rules kept outside the repository
// ("core §5", "leagues §9", "RULES.md", "ARCHITECTURE.md") into citations of the repository's own
// docs ("docs/accounts.md#signup-rules"), following docs/.citation-map.tsv.
//
//   node scripts/cite-docs.mjs            dry run: prints every rewrite, every citation left over,
//                                         and checks that every docs anchor it would write exists
//   node scripts/cite-docs.mjs --write    applies the rewrites
//   node scripts/cite-docs.mjs --check    checks every docs/<file>.md#<anchor> cited in the tree
//
// Exit code 1 when an anchor is missing, or (dry run, --write) a citation is left unmapped or sits
// outside a comment or string. Only comments and string literals of source files are rewritten
// (all of the text in Markdown files); docs/ itself, node_modules and build output are skipped.
//
// The map (tab-separated: cited, replacement, note) is read longest cited text first:
// - `cited` is matched case-insensitively as a whole phrase (not inside a longer word or path, so
//   "identity-rules.md" is not "RULES.md" and "core §3" is not "core §30");
// - a part in [brackets] is the only part replaced, the rest is context that must be there:
//   "Signup ([core §5])" turns "// Signup (core §5)" into "// Signup (docs/accounts.md#signup-rules)";
// - " @ path/prefix" limits a row to files under that path; among rows of equal length the one with
//   the longer path wins, so a file- or folder-specific row beats the general one;
// - a row whose note starts with "fallback" is a file-level answer for anything more specific is
//   missing; every use of one is listed so it can be given a better row.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');
const MAP_FILE = join(DOCS, '.citation-map.tsv');
const SELF = relative(ROOT, fileURLToPath(import.meta.url));
const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const TEXT_EXT = /\.md$/;
const SKIP = /(^|\/)(node_modules|dist|build|coverage|\.data|test-results|playwright-report)\//;

/** A character that continues a word or a path: a citation never starts or ends next to one. */
const WORDISH = /[\p{L}\p{N}_]/u;
const PATHISH = /[\p{L}\p{N}_/.-]/u;
/** Any citation of the outside documents, for the left-over scan. */
const CITATION = /(?<![\p{L}\p{N}_/.-])(?:(?:core|leagues) §\d+|RULES\.md|ARCHITECTURE\.md)|(?<=[\s,(])§\d+/giu;

// ---------- the map ----------

function readMap() {
  const lines = readFileSync(MAP_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const [header, ...body] = lines;
  if (header.split('\t')[0] !== 'cited') throw new Error(`${MAP_FILE}: the first line must be the header "cited<TAB>replacement<TAB>note"`);
  return body
    .map((line, i) => {
      const [cited, replacement, note = ''] = line.split('\t');
      if (!cited || !replacement) throw new Error(`${MAP_FILE}:${i + 2}: needs a cited text and a replacement`);
      const [text, scope = ''] = cited.split(' @ ');
      const open = text.indexOf('[');
      const close = text.indexOf(']');
      const bracketed = open >= 0 && close > open;
      const literal = bracketed ? text.slice(0, open) + text.slice(open + 1, close) + text.slice(close + 1) : text;
      return {
        line: i + 2,
        cited,
        literal,
        lower: literal.toLowerCase(),
        // Offsets of the replaced part inside the literal.
        from: bracketed ? open : 0,
        to: bracketed ? close - 1 : literal.length,
        scope: scope.trim(),
        replacement: replacement.trim(),
        note,
        fallback: /^fallback/i.test(note),
      };
    })
    .sort((a, b) => b.literal.length - a.literal.length || b.scope.length - a.scope.length);
}

// ---------- docs anchors ----------

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function docsAnchors() {
  const anchors = new Map();
  for (const file of readdirSync(DOCS).filter((f) => f.endsWith('.md'))) {
    const seen = new Map();
    const set = new Set();
    let fenced = false;
    for (const line of readFileSync(join(DOCS, file), 'utf8').split('\n')) {
      if (/^```/.test(line)) fenced = !fenced;
      const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      set.add(n ? `${base}-${n}` : base);
    }
    anchors.set(`docs/${file}`, set);
  }
  return anchors;
}

/** Null when `docs/x.md#anchor` (or `docs/x.md`) exists, else what is missing. */
function missingTarget(anchors, target) {
  const [file, anchor] = target.split('#');
  if (!anchors.has(file)) return `no file ${file}`;
  if (anchor !== undefined && !anchors.get(file).has(anchor)) return `no section #${anchor} in ${file}`;
  return null;
}

// ---------- files and the parts of them that are comments or strings ----------

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((f) => f && existsSync(join(ROOT, f)) && (SOURCE_EXT.test(f) || TEXT_EXT.test(f)) && !f.startsWith('docs/') && !SKIP.test(f) && f !== SELF);
}

const REGEX_BEFORE = new Set([...'(,=:[!&|?{};+-*%<>~^']);
const REGEX_KEYWORDS = /(?:^|[^\w$])(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/** [start, end) ranges of comments and string/template literals in JS/TS source. */
export function literalRanges(src) {
  const ranges = [];
  let i = 0;
  let lastSignificant = '';
  const n = src.length;
  while (i < n) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      ranges.push([i, stop]);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      ranges.push([i, stop]);
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && src[j] !== c) {
        if (src[j] === '\\') j += 1;
        else if (c !== '`' && src[j] === '\n') break; // unterminated: stop at the line end
        j += 1;
      }
      ranges.push([i, Math.min(j + 1, n)]);
      i = j + 1;
      lastSignificant = c;
    } else if (c === '/' && (lastSignificant === '' || REGEX_BEFORE.has(lastSignificant) || REGEX_KEYWORDS.test(src.slice(Math.max(0, i - 12), i).trimEnd()))) {
      // A regular expression literal: skip it so its quotes and slashes are not read as strings.
      let j = i + 1;
      let inClass = false;
      while (j < n && src[j] !== '\n') {
        if (src[j] === '\\') j += 1;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        else if (src[j] === '/' && !inClass) break;
        j += 1;
      }
      i = j + 1;
      while (i < n && /[a-z]/i.test(src[i])) i += 1;
      lastSignificant = 'x';
    } else {
      if (!/\s/.test(c)) lastSignificant = c;
      i += 1;
    }
  }
  return ranges;
}

function lineOf(src, offset) {
  let line = 1;
  for (let k = 0; k < offset; k += 1) if (src.charCodeAt(k) === 10) line += 1;
  return line;
}

function within(ranges, start, end) {
  return ranges.some(([a, b]) => start >= a && end <= b);
}

// ---------- planning the rewrites of one file ----------

function plan(file, src, rows) {
  const lower = src.toLowerCase();
  const ranges = SOURCE_EXT.test(file) ? literalRanges(src) : [[0, src.length]];
  const claimed = [];
  const edits = [];
  const outside = [];
  const overlaps = (s, e) => claimed.some(([a, b]) => s < b && e > a);
  for (const row of rows) {
    if (row.scope && !file.startsWith(row.scope)) continue;
    for (let at = lower.indexOf(row.lower); at >= 0; at = lower.indexOf(row.lower, at + 1)) {
      const end = at + row.literal.length;
      if (WORDISH.test(row.literal[0]) && at > 0 && PATHISH.test(src[at - 1])) continue;
      if (WORDISH.test(row.literal.at(-1)) && end < src.length && WORDISH.test(src[end])) continue;
      const start = at + row.from;
      const stop = at + row.to;
      if (overlaps(start, stop)) continue;
      if (!within(ranges, start, stop)) {
        outside.push({ line: lineOf(src, start), text: src.slice(start, stop) });
        claimed.push([start, stop]);
        continue;
      }
      claimed.push([start, stop]);
      edits.push({ start, stop, old: src.slice(start, stop), row, line: lineOf(src, start) });
    }
  }
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  for (const e of edits) {
    out += src.slice(pos, e.start) + e.row.replacement;
    pos = e.stop;
  }
  out += src.slice(pos);
  return { edits, outside, result: out };
}

function leftovers(src) {
  return [...src.matchAll(CITATION)].map((m) => ({ line: lineOf(src, m.index), text: m[0] }));
}

// ---------- modes ----------

function checkTree(anchors) {
  let missing = 0;
  let count = 0;
  const files = [
    ...trackedFiles(),
    ...readdirSync(DOCS)
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const report = (file, src, index, target, problem) => {
    missing += 1;
    console.log(`${file}:${lineOf(src, index)}: ${target}: ${problem}`);
  };
  for (const file of files) {
    const src = readFileSync(join(ROOT, file), 'utf8');
    // Citations written from the repository root: `docs/matches.md#reporting`.
    for (const m of src.matchAll(/(?<![\w/.-])docs\/[\w.-]+\.md(?:#[\w-]+)?/g)) {
      count += 1;
      const problem = missingTarget(anchors, m[0]);
      if (problem) report(file, src, m.index, m[0], problem);
    }
    // Markdown links to files of docs/, relative to the linking file: `[x](matches.md#reporting)`.
    if (!TEXT_EXT.test(file)) continue;
    for (const m of src.matchAll(/\]\(([^)\s#]*\.md)?(#[\w-]+)?\)/g)) {
      if (!m[1] && !m[2]) continue;
      const target = relative(ROOT, join(ROOT, dirname(file), m[1] ?? basename(file)))
        .split(sep)
        .join('/');
      if (!target.startsWith('docs/')) continue;
      count += 1;
      const problem = missingTarget(anchors, `${target}${m[2] ?? ''}`);
      if (problem) report(file, src, m.index, m[0].slice(1), problem);
    }
  }
  console.log(`${count} docs citation(s) checked, ${missing} broken.`);
  return missing === 0;
}

function main() {
  const args = new Set(process.argv.slice(2));
  const write = args.has('--write');
  const anchors = docsAnchors();
  if (args.has('--check')) process.exit(checkTree(anchors) ? 0 : 1);

  const rows = readMap();
  let ok = true;
  for (const row of rows) {
    const problem = missingTarget(anchors, row.replacement);
    if (problem) {
      ok = false;
      console.log(`map line ${row.line} (${row.cited}): ${problem}`);
    }
  }

  let rewrites = 0;
  let changedFiles = 0;
  const fallbacks = [];
  const unmapped = [];
  const outsideAll = [];
  for (const file of trackedFiles()) {
    const src = readFileSync(join(ROOT, file), 'utf8');
    if (!CITATION.test(src)) continue;
    CITATION.lastIndex = 0;
    const { edits, outside, result } = plan(file, src, rows);
    for (const e of edits) {
      console.log(`${file}:${e.line}: ${e.old} -> ${e.row.replacement}`);
      if (e.row.fallback) fallbacks.push(`${file}:${e.line}: ${e.old} (map line ${e.row.line})`);
    }
    outside.forEach((o) => outsideAll.push(`${file}:${o.line}: ${o.text}`));
    leftovers(result).forEach((l) => unmapped.push(`${file}:${l.line}: ${l.text}`));
    rewrites += edits.length;
    if (edits.length) {
      changedFiles += 1;
      if (write) writeFileSync(join(ROOT, file), result);
    }
  }

  console.log(
    `\n${rewrites} citation(s) in ${changedFiles} file(s) ${write ? 'rewritten' : 'would be rewritten'}; ${rows.length} map rows; every target checked against the ## headings of docs/.`,
  );
  if (fallbacks.length) console.log(`\nAnswered by a fallback row (file-level; a more specific row may fit better):\n  ${fallbacks.join('\n  ')}`);
  if (outsideAll.length) {
    ok = false;
    console.log(`\nOutside comments and strings (left alone; fix by hand):\n  ${outsideAll.join('\n  ')}`);
  }
  if (unmapped.length) {
    ok = false;
    console.log(`\nNo row matches (add one to docs/.citation-map.tsv):\n  ${unmapped.join('\n  ')}`);
  }
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
