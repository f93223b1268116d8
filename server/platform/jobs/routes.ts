import { z } from 'zod';
import { jobStatus } from '../../../contract/jobs.js';
import { currentUser } from '../auth/guard.js';
import type { Deps } from '../deps.js';
import { notFound } from '../errors.js';
import type { App } from '../http.js';

/** GET /api/jobs/{id}: a durable job's state and progress, for the user who started it. */
export default async function jobRoutes(app: App, deps: Deps) {
  app.get(
    '/api/jobs/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['Jobs'], params: z.object({ id: z.string() }), response: { 200: jobStatus } },
    },
    async (request) => {
      const user = currentUser(request);
      const job = await deps.jobs.get(request.params.id);
      // Someone else's job is as absent as a job that never existed.
      if (!job || job.userId !== user.id) throw notFound('jobs.job-not-found');
      const { userId: _owner, ...status } = job;
      return status;
    },
  );
}
