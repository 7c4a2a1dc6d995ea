import { TurnBatcher } from './turn-batcher';

/** docs/social.md#chat-building-blocks: one call at a time, what arrives meanwhile goes as the next batch. */
describe('TurnBatcher', () => {
  const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

  it('runs one call at a time and sends what arrived meanwhile as the next batch, in order', async () => {
    const calls: number[][] = [];
    const answers: ((out: number[]) => void)[] = [];
    const batcher = new TurnBatcher<number, number>((items) => {
      calls.push([...items]);
      return new Promise((resolve) => answers.push(resolve));
    });
    const first = [batcher.add(1), batcher.add(2)];
    await turn();
    const later = [batcher.add(3), batcher.add(4)];
    await turn();
    await turn();
    expect(calls).toEqual([[1, 2]]);
    answers[0]([10, 20]);
    expect(await Promise.all(first)).toEqual([10, 20]);
    await turn();
    expect(calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
    answers[1]([30, 40]);
    expect(await Promise.all(later)).toEqual([30, 40]);
  });

  it('fails every item of a failed call and goes on with the next batch', async () => {
    let n = 0;
    const batcher = new TurnBatcher<number, number>(async (items) => {
      if (n++ === 0) throw new Error('down');
      return items.map((i) => i * 10);
    });
    const failed = [batcher.add(1), batcher.add(2)];
    await expect(Promise.all(failed)).rejects.toThrow('down');
    expect(await batcher.add(3)).toBe(30);
  });
});
