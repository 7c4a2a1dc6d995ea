import { CappedMap } from './capped-map';

describe('CappedMap', () => {
  it('keeps at most its cap, starting over when a new key comes to a full map', () => {
    const map = new CappedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 3); // a key it holds: nothing is dropped
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([['c', 4]]);
  });
});
