/**
 * What a person starting Hearth reads: one line when the environment stops it (a DATA_DIR that cannot
 * hold files, a port someone else holds), and one line saying where it is ready.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { ConfigError } from './config-env.js';

type Env = Record<string, string | undefined>;

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR') return 'a part of that path is a file, not a folder';
  if (code === 'EEXIST') return 'it is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'the disk is full';
  return (error as Error).message;
}

/** Creates DATA_DIR when missing and proves a file can be written in it; a ConfigError naming DATA_DIR if not. */
export function checkDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.statSync(dataDir).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'EEXIST' });
    const probe = path.join(dataDir, `.hearth-write-check-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot hold Hearth's data: ${reason(error)}. Set DATA_DIR to a writable folder.`);
  }
}

/** The variable a person set for the port (PORT wins over API_PORT, as in loadConfig). */
function portVariable(env: Env): string {
  if (env.PORT !== undefined) return 'PORT';
  if (env.API_PORT !== undefined) return 'API_PORT';
  return 'PORT (default 9000)';
}

/** The one line for a listen error a person can fix, or null for anything else (a real crash). */
export function listenErrorMessage(error: unknown, config: Pick<Config, 'host' | 'port'>, env: Env = process.env): string | null {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE') return `${portVariable(env)} ${config.port} is already in use on ${config.host} by another program. Stop it or set PORT to a free port.`;
  if (code === 'EACCES') return `${portVariable(env)} ${config.port} needs privileges this user does not have (${where}). Set PORT to 1024 or above.`;
  if (code === 'EADDRNOTAVAIL') return `API_HOST ${config.host} is not an address of this machine. Set API_HOST to one of its addresses, or 0.0.0.0 for all.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `API_HOST ${config.host} does not resolve to an address. Set API_HOST to an address of this machine.`;
  return null;
}

/** "Hearth is ready at http://localhost:9000", and on the first start who to sign in as. */
export function readyLine(config: Pick<Config, 'host' | 'baseUrl' | 'defaultAdmin'>, port: number, firstRun: boolean, env: Env = process.env): string {
  const anyHost = ['0.0.0.0', '::', ''].includes(config.host);
  const host = anyHost ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const local = `http://${host}:${port}`;
  const publicUrl = env.BASE_URL && config.baseUrl !== local ? ` (public address ${config.baseUrl})` : '';
  let line = `Hearth is ready at ${local}${publicUrl}`;
  if (firstRun) {
    const password = env.DEFAULT_ADMIN_PASSWORD ? 'the password in DEFAULT_ADMIN_PASSWORD' : `the password ${config.defaultAdmin.password}`;
    line += `; sign in as ${config.defaultAdmin.username} with ${password}, then change it`;
  }
  return line;
}
