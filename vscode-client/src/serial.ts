/** Runs asynchronous operations one after another, each after the previous one settled. */

export class Serial {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** Whether an operation is queued or running. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Queues `operation`; a failure of an earlier one does not stop it. */
  run<T>(operation: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(operation, operation);
    this.tail = result
      .catch(() => undefined)
      .finally(() => {
        this.pending -= 1;
      });
    return result;
  }

  /** Settles once everything queued so far has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
