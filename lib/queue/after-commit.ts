// What a change sets going once its transaction has committed: the tasks it needs queued (a mail to
// send now, an offer to expire at its deadline). Nothing here is needed for correctness (each feature's
// sweep finds what was missed), but it makes the work happen on time, and never for a change that
// rolled back.
import "server-only";
import { enqueue, type QueuedTask } from "./index";

export class AfterCommit {
  private readonly tasks: QueuedTask[] = [];

  send(task: QueuedTask): void {
    this.tasks.push(task);
  }

  async run(): Promise<void> {
    await enqueue(this.tasks);
  }
}
