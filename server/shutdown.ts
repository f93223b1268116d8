/**
 * How a server stops on SIGTERM (docker stop, systemctl stop) or SIGINT: it stops accepting connections,
 * finishes the requests in flight and the jobs running, closes the database and exits 0. Whatever is still
 * running after `seconds` is left: a job whose lease lapses runs again at the next start, and nothing that was
 * not committed was ever visible. The deadline is under Docker's default 10 s grace before SIGKILL.
 */
export interface Stoppable {
  close(): Promise<unknown>;
}

export function gracefulStop(
  app: Stoppable,
  db: Stoppable,
  seconds: number,
  exit: (code: number) => void = (code) => process.exit(code),
  warn: (line: string) => void = (line) => console.error(line),
): () => Promise<void> {
  let stopping = false;
  return async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      warn(`Hearth stopped after ${seconds} s with work still running; it resumes at the next start.`);
      exit(0);
    }, seconds * 1000).unref();
    await app.close();
    await db.close();
    exit(0);
  };
}
