#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when they are missing or stale, then runs the server,
// restarting it if it crashes (see supervise.mjs).
import { buildIfStale, NODE_FLAGS, ROOT, SERVER_BUNDLE, SERVER_ENV } from './server-command.mjs';
import { supervise } from './supervise.mjs';

buildIfStale();
const server = supervise(process.execPath, [...NODE_FLAGS, SERVER_BUNDLE], { cwd: ROOT, env: { ...process.env, ...SERVER_ENV } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
server.done.then((code) => process.exit(code));
