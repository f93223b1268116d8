#!/usr/bin/env node
// The container's HEALTHCHECK: exit 0 when /api/app/health/ready answers 200 (the process serves and its
// database answers), 1 otherwise or after 4 s. HEALTHCHECK_URL overrides the address.
import http from 'node:http';

const url = process.env.HEALTHCHECK_URL ?? `http://127.0.0.1:${process.env.PORT || process.env.API_PORT || 9000}/api/app/health/ready`;
const request = http.get(url, { timeout: 4000 }, (response) => {
  response.resume();
  process.exit(response.statusCode === 200 ? 0 : 1);
});
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', (err) => {
  console.error(`Hearth is not ready at ${url}: ${err.message}`);
  process.exit(1);
});
