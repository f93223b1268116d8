// Runs a server process and restarts it when it crashes (an exit that no signal of ours asked for).
// A process that keeps crashing right after start-up is not restarted in a loop, and exit codes 2 and 3
// (bad configuration, database not usable) are not crashes: they stop at once with their one-line message.
import { spawn } from 'node:child_process';

const NOT_A_CRASH = new Set([0, 2, 3]);

export function supervise(command, args, { cwd, env, stdio = 'inherit', maxQuickCrashes = 5, quickMs = 30_000, baseDelayMs = 500, log = console.error, onStart } = {}) {
  let stopping = false;
  let quickCrashes = 0;
  let child;
  let resolveDone;
  const done = new Promise((resolve) => (resolveDone = resolve));

  const run = () => {
    const startedAt = Date.now();
    child = spawn(command, args, { cwd, env, stdio });
    onStart?.(child);
    child.on('exit', (code, signal) => {
      if (stopping || NOT_A_CRASH.has(code)) return resolveDone(code ?? 0);
      quickCrashes = Date.now() - startedAt < quickMs ? quickCrashes + 1 : 0;
      if (quickCrashes >= maxQuickCrashes) {
        log(`Hearth crashed ${maxQuickCrashes} times within ${quickMs / 1000} s of starting; giving up.`);
        return resolveDone(code ?? 1);
      }
      const delay = Math.min(10_000, baseDelayMs * 2 ** Math.max(0, quickCrashes - 1));
      log(`Hearth's server stopped (${signal ?? `exit code ${code}`}); restarting in ${delay / 1000} s.`);
      setTimeout(run, delay);
    });
  };
  run();
  return {
    done,
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      else resolveDone(0);
    },
  };
}
