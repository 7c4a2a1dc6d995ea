/**
 * nginx's config syntax, read as nginx reads it (ngx_conf_file.c): tokens are split on whitespace,
 * quotes ('…' and "…", with backslash escapes) make one token of what they hold, so braces, `;` and
 * `#` inside a quoted string are text (the JSON bodies of `return 413 '{"message":…}'`); a `#`
 * that starts a token comments out the rest of its line. Used by the infra and nginx tests to ask
 * which location handles a URI and which directives apply there.
 */

export interface Directive {
  name: string;
  /** The arguments as nginx sees them (quotes removed, escapes resolved). */
  args: string[];
  /** The arguments as written (quotes kept), for readable comparisons. */
  raw: string[];
  /** The block's directives, for `name args { … }`. */
  block?: Directive[];
}

interface Token {
  text: string;
  raw: string;
  /** A bare `{`, `}` or `;` (not one inside quotes). */
  special: boolean;
}

function tokenize(conf: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < conf.length) {
    const c = conf[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '#') {
      while (i < conf.length && conf[i] !== '\n') i += 1;
    } else if (c === '{' || c === '}' || c === ';') {
      tokens.push({ text: c, raw: c, special: true });
      i += 1;
    } else {
      const start = i;
      let text = '';
      if (c === '"' || c === "'") {
        i += 1;
        while (i < conf.length && conf[i] !== c) {
          if (conf[i] === '\\' && i + 1 < conf.length) {
            const next = conf[i + 1];
            // nginx resolves \" \' \\ \t \r \n in quoted strings; any other backslash stays.
            text += { '"': '"', "'": "'", '\\': '\\', t: '\t', r: '\r', n: '\n' }[next] ?? `\\${next}`;
            i += 2;
          } else {
            text += conf[i];
            i += 1;
          }
        }
        if (i >= conf.length) throw new Error(`unterminated ${c} string at offset ${start}`);
        i += 1;
      } else {
        while (i < conf.length && !/[\s;{}]/.test(conf[i])) {
          // `${var}` keeps its braces inside a token.
          if (conf[i] === '$' && conf[i + 1] === '{') {
            const end = conf.indexOf('}', i);
            text += conf.slice(i, end + 1);
            i = end + 1;
          } else {
            text += conf[i];
            i += 1;
          }
        }
      }
      tokens.push({ text, raw: conf.slice(start, i), special: false });
    }
  }
  return tokens;
}

/** The directives of a whole config file, blocks nested. Throws on unbalanced braces. */
export function parseNginxConf(conf: string): Directive[] {
  const tokens = tokenize(conf);
  let pos = 0;
  const parseBlock = (nested: boolean): Directive[] => {
    const out: Directive[] = [];
    let words: Token[] = [];
    while (pos < tokens.length) {
      const t = tokens[pos];
      pos += 1;
      if (t.special && t.text === '}') {
        if (!nested) throw new Error('unexpected }');
        if (words.length) throw new Error(`directive "${words[0].text}" has no ;`);
        return out;
      }
      if (t.special && (t.text === ';' || t.text === '{')) {
        if (!words.length) throw new Error(`unexpected ${t.text}`);
        const [name, ...args] = words;
        const directive: Directive = { name: name.text, args: args.map((a) => a.text), raw: args.map((a) => a.raw) };
        if (t.text === '{') directive.block = parseBlock(true);
        out.push(directive);
        words = [];
        continue;
      }
      words.push(t);
    }
    if (nested) throw new Error('missing }');
    if (words.length) throw new Error(`directive "${words[0].text}" has no ;`);
    return out;
  };
  return parseBlock(false);
}

/** `name raw-args` of a block's own directives (nested blocks not entered). */
export function directiveLines(block: Directive[] | undefined): string[] {
  return (block ?? []).map((d) => [d.name, ...d.raw].join(' '));
}

export interface Location {
  modifier: '' | '=' | '^~' | '~' | '~*' | '@';
  pattern: string;
  directive: Directive;
}

export function locationsOf(server: Directive | undefined): Location[] {
  return (server?.block ?? [])
    .filter((d) => d.name === 'location')
    .map((d) => {
      if (d.args.length > 1) return { modifier: d.args[0] as Location['modifier'], pattern: d.args[1], directive: d };
      const [pattern] = d.args;
      return pattern.startsWith('@') ? { modifier: '@', pattern, directive: d } : { modifier: '', pattern, directive: d };
    });
}

/** nginx's location choice: exact, then longest prefix unless a regex (in order) matches. */
export function locationFor(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefixes = locations.filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern)).sort((a, b) => b.pattern.length - a.pattern.length);
  if (prefixes[0]?.modifier === '^~') return prefixes[0];
  const regex = locations.find((l) => (l.modifier === '~' || l.modifier === '~*') && new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri));
  return regex ?? prefixes[0];
}

/**
 * One config's http → server → locations, with what applies where: a directive set in a location
 * is its own, else inherited from the server, else from http (nginx's inheritance of array
 * directives such as add_header and proxy_set_header: the nearest level that sets any wins).
 */
export function readNginxConf(conf: string) {
  const top = parseNginxConf(conf);
  const http = top.find((d) => d.name === 'http');
  const inHttp = http?.block ?? [];
  const server = inHttp.find((d) => d.name === 'server');
  const upstream = inHttp.find((d) => d.name === 'upstream');
  const locations = locationsOf(server);
  const effective = (location: Location, name: string): string[] => {
    for (const scope of [location.directive.block, server?.block, http?.block]) {
      const own = directiveLines(scope).filter((d) => d.split(' ')[0] === name);
      if (own.length) return own.map((d) => d.slice(name.length + 1));
    }
    return [];
  };
  const route = (uri: string): Location => {
    const location = locationFor(locations, uri);
    if (!location) throw new Error(`no location handles ${uri}`);
    return location;
  };
  const named = (name: string): Location => {
    const location = locations.find((l) => l.modifier === '@' && l.pattern === name);
    if (!location) throw new Error(`no location ${name}`);
    return location;
  };
  return { top, http, server, upstream, locations, effective, route, named };
}

export function seconds(value: string): number {
  const m = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!m) return NaN;
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

/** nginx sizes: 18m, 512k, 1g, or bytes. */
export function bytes(value: string): number {
  const m = /^(\d+)([kmg])?$/i.exec(value);
  if (!m) return NaN;
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? '').toLowerCase() as '' | 'k' | 'm' | 'g'];
}
