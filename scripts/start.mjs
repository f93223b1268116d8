#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when they are missing or stale, then runs the server.
import { spawn } from 'node:child_process';
import { buildIfStale, NODE_FLAGS, ROOT, SERVER_BUNDLE } from './server-command.mjs';

buildIfStale();
const server = spawn(process.execPath, [...NODE_FLAGS, SERVER_BUNDLE], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
