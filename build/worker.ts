/** A build worker: receives tasks from build/materialise.ts, answers with the files' entries. */
import { parentPort, workerData } from "node:worker_threads";
import { AtomicWriter } from "./atomic.js";
import { processTask, readIndex, type Task } from "./process.js";

export interface WorkerData {
  out: string;
  staging: string;
}

export type WorkerMessage =
  | { type: "progress"; done: number; written: number }
  | { type: "done"; entries: ReturnType<typeof processTask> }
  | { type: "error"; message: string };

const { out, staging } = workerData as WorkerData;
const previous = readIndex(out);
const writer = new AtomicWriter(staging);
const port = parentPort!;

port.on("message", (task: Task) => {
  try {
    const entries = processTask(task, {
      out,
      writer,
      previous,
      onProgress: (done, written) => port.postMessage({ type: "progress", done, written } satisfies WorkerMessage),
    });
    port.postMessage({ type: "done", entries } satisfies WorkerMessage);
  } catch (error) {
    port.postMessage({
      type: "error",
      message: (error as Error)?.stack ?? (error as Error)?.message ?? String(error),
    } satisfies WorkerMessage);
  }
});
