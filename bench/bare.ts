import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMsPerRequest, sequentialLatency, throughput, type Latency } from './measure.js';

export interface Bare {
  /** Uncompressed, 10 connections (as the scenarios' throughput is measured). */
  rps: number;
  /** Sequential, as a browser asks (gzip, deflate, br): the same generator as "list p1 after a write". */
  latency: Latency;
  /** The bare process's CPU per request over that sequential run. */
  cpuMs: number;
}

/**
 * The ceiling: a bare Fastify in a process of its own (bench/bare-server.mjs), not on the bench's thread beside
 * the load generator, answering the same bytes with the same compression, loaded by the same generators.
 */
export async function bareCeiling(body: Buffer, seconds: number, requests: number): Promise<Bare> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-bare-'));
  const bodyFile = path.join(dir, 'body.json');
  fs.writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), bodyFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/same-bytes`;
    await throughput(url, {}, 1);
    const { rps } = await throughput(url, {}, seconds);
    const sequential = await cpuMsPerRequest(child.pid!, async () => ({ ...(await sequentialLatency(url, {}, requests)), requests: requests + Math.min(10, requests) }));
    const { requests: _sent, ...latency } = sequential.result;
    return { rps, latency, cpuMs: sequential.cpuMs };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
