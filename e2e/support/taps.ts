import type { Locator, Page } from '@playwright/test';

/**
 * Counts what a player does with their thumb on the way to a goal (issue 47's targets: "≤ 20
 * taps"). Every helper acts and counts one tap: a button or link, a checkbox, a select, a photo
 * chosen, a link opened from outside the app (an invite in a chat, a mail). Typing is not a tap:
 * a filled form counts one, for its submit. The browser's Back is never counted, because a flow
 * that needs it has failed; `back()` throws.
 */
export class Taps {
  private readonly done: string[] = [];

  constructor(private readonly page: Page) {}

  /** Taps so far. */
  get count(): number {
    return this.done.length;
  }

  /** What was tapped, in order (for the failure message). */
  get log(): string {
    return this.done.map((d, i) => `${i + 1}. ${d}`).join('\n');
  }

  private count1(what: string): void {
    this.done.push(what);
  }

  /** A link opened from outside the app (a chat, a mail): one tap. */
  async open(url: string, what = url): Promise<void> {
    this.count1(`open ${what}`);
    await this.page.goto(url);
  }

  async tap(target: Locator, what?: string): Promise<void> {
    this.count1(what ?? String(target));
    await target.tap();
  }

  async check(target: Locator, what?: string): Promise<void> {
    this.count1(what ?? String(target));
    await target.check();
  }

  async select(target: Locator, value: string, what?: string): Promise<void> {
    this.count1(what ?? `${String(target)} = ${value}`);
    await target.selectOption(value);
  }

  /** A photo chosen from the camera roll or taken with the phone's camera app. */
  async choosePhoto(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }, what?: string): Promise<void> {
    this.count1(what ?? `photo ${file.name}`);
    await input.setInputFiles(file);
  }

  /** Types each field (no taps), then submits: one tap. */
  async fillAndSubmit(fields: [Locator, string][], submit: Locator, what?: string): Promise<void> {
    for (const [field, value] of fields) await field.fill(value);
    await this.tap(submit, what ?? `submit ${String(submit)}`);
  }

  back(): never {
    throw new Error("the browser's Back is not part of a counted flow");
  }
}
