// node --test bench/lib/: the results table of bench/README.md, built from records as
// lib/results.mjs writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchRecord, judge } from './results.mjs';
import { END, readResults, renderTable, replaceTable, START } from './results-table.mjs';

const MACHINE = 'machine: 2 × Test CPU';

function run(bench, iso, figures) {
  const record = new BenchRecord(bench, new Date(iso), MACHINE, 'abc1234');
  for (const [name, value, unit, target, scope] of figures) {
    record.setScope(scope ?? '');
    record.figure(name, value, unit, target);
  }
  return record;
}

test('judge: each operator, the limit itself included where it should be', () => {
  assert.equal(judge(15, { op: '<=', value: 15 }), 'MET');
  assert.equal(judge(16, { op: '<=', value: 15 }), 'MISSED');
  assert.equal(judge(10, { op: '<', value: 10 }), 'MISSED');
  assert.equal(judge(5000, { op: '>=', value: 5000 }), 'MET');
  assert.throws(() => judge(1, { op: '==', value: 1 }));
});

test('a record round-trips through its file; the table shows the newest runs first, at most three', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-results-'));
  try {
    const dates = ['2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', '2026-11-03T10:00:00Z', '2026-11-04T10:05:00Z'];
    dates.forEach((d, i) =>
      run('lobby', d, [
        ['push p99', 3 + i, 'ms', { op: '<=', value: 25 }],
        ['CPU per change', 300, 'µs'],
      ]).write(dir, 0),
    );
    const file = join(dir, 'lobby-2026-11-04T1005Z.json');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(saved.machine, MACHINE);
    assert.deepEqual(saved.figures[0], { name: 'push p99', value: 6, unit: 'ms', target: { op: '<=', value: 25 }, verdict: 'MET' });

    const table = renderTable(readResults(dir));
    const lines = table.split('\n');
    assert.equal(lines[2], '| **lobby** | run | | 2026-11-04 10:05 `abc1234` | 2026-11-03 10:00 `abc1234` | 2026-11-02 10:00 `abc1234` |');
    assert.equal(lines[3], '| | push p99 | ≤ 25 ms | 6 ms MET | 5 ms MET | 4 ms MET |');
    // A figure without a target stays in the file, not in the table.
    assert.ok(!table.includes('CPU per change'));
    assert.ok(table.includes(`- ${MACHINE} (3 files)`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('one figure measured in several scopes is one cell: its range and its verdicts counted', () => {
  const target = { op: '>=', value: 5000 };
  const records = [
    run('chat', '2026-11-29T03:41:00Z', [
      ['messages/s', 7508, '', target, '2 instance(s), http'],
      ['messages/s', 4200, '', target, '2 instance(s), socket'],
      ['lost', 0, '', { op: '<=', value: 0 }, '1 instance(s), http'],
      ['lost', 0, '', { op: '<=', value: 0 }, '2 instance(s), http'],
    ]).data,
  ].map((r) => ({ file: 'chat.json', ...r }));
  const table = renderTable(records);
  assert.ok(table.includes('| | messages/s | ≥ 5,000 | 4,200–7,508 MISSED 1 of 2 |  |  |'), table);
  assert.ok(table.includes('| | lost | ≤ 0 | 0 MET ×2 |  |  |'), table);
});

test('a converted record: its note stands in for a value it did not give, and the run says recorded', () => {
  const record = {
    file: 'x.json',
    bench: 'leaderboard',
    date: '2026-11-29T03:41:00.000Z',
    commit: 'aa12ffa',
    machine: MACHINE,
    exitCode: 0,
    source: 'bench/README.md',
    log: [],
    figures: [{ name: 'world: p99', value: null, unit: 'ms', target: { op: '<=', value: 10 }, verdict: 'MET', note: '≤ 2.1 ms for the three boards' }],
  };
  const table = renderTable([record]);
  assert.ok(table.includes('2026-11-29 03:41 `aa12ffa`, recorded'));
  assert.ok(table.includes('| | world: p99 | ≤ 10 ms | ≤ 2.1 ms for the three boards MET |'));
});

test('replaceTable rewrites only what lies between the markers, and refuses a README without them', () => {
  const readme = `# Benchmarks\nbefore\n${START}\nold table\n${END}\nafter\n`;
  assert.equal(replaceTable(readme, 'new table'), `# Benchmarks\nbefore\n${START}\nnew table\n${END}\nafter\n`);
  assert.equal(replaceTable(replaceTable(readme, 'new table'), 'new table'), replaceTable(readme, 'new table'));
  assert.throws(() => replaceTable('# Benchmarks\n', 'x'), /markers/);
});
