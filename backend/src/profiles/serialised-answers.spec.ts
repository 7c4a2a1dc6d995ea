import { SerialisedAnswers } from './serialised-answers';

describe('SerialisedAnswers', () => {
  it('reuses an answer only while the entry is the same text, per player and viewer', () => {
    const answers = new SerialisedAnswers<string>(100);
    let builds = 0;
    const build = (text: string) => () => `${text}#${++builds}`;
    const entry = JSON.stringify({ v: 1 });
    expect(answers.get(1, 'other UTC', entry, build('a'))).toBe('a#1');
    // The same text from another read (a different string object) is the same entry.
    expect(answers.get(1, 'other UTC', JSON.stringify({ v: 1 }), build('b'))).toBe('a#1');
    expect(answers.get(1, 'own UTC', entry, build('c'))).toBe('c#2');
    expect(answers.get(2, 'other UTC', entry, build('d'))).toBe('d#3');
    // A new entry (another version) builds again.
    expect(answers.get(1, 'other UTC', JSON.stringify({ v: 2 }), build('e'))).toBe('e#4');
    expect(answers.get(1, 'other UTC', JSON.stringify({ v: 2 }), build('f'))).toBe('e#4');
  });

  it('starts over when full, so memory stays under the cap', () => {
    const answers = new SerialisedAnswers<number>(3);
    for (let id = 1; id <= 3; id++) answers.get(id, 'other UTC', 'x', () => id);
    expect(answers.get(4, 'other UTC', 'x', () => 4)).toBe(4);
    expect(answers.get(1, 'other UTC', 'x', () => 10)).toBe(10); // forgotten
    expect(answers.get(4, 'other UTC', 'x', () => 40)).toBe(4); // kept
  });
});
