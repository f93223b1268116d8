import { z } from 'zod';
import { successResponse } from '../../../contract/common.js';
import {
  assignCategories, assignSettings as assignSettingsBody, assignTags, deleteRecipes as deleteRecipesBody, downloadQuery, exportDownloadQuery,
  exportFormatQuery, exportRecipes as exportRecipesBody, exportZipQuery, fileTokenResponse, formatResponse, groupDataExport, recipeZipTokenResponse,
} from '../../../contract/exports.js';
import { slugParam } from '../../../contract/recipes.js';
import { shareTokenParam } from '../../../contract/shares.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { sendStored } from '../../platform/storage/index.js';
import { getRecipeBySlugOrId } from '../recipes/service.js';
import { sharedRecipe } from '../shares/service.js';
import { assignOrganizers, assignSettings, deleteRecipes } from './bulk-actions.js';
import { fileForToken } from './download.js';
import { exportFileToken, exportRecipes, listExports, purgeExports } from './group-exports.js';
import { MARKDOWN_TEMPLATES, recipeMarkdown } from './markdown.js';
import { recipeExportToken, recipeForExportToken, recipeZipStream } from './recipe-zip.js';
import { API } from '../../../contract/routes.js';

const exportTags = ['Recipe: Exports'];
const bulkTags = ['Recipe: Bulk Actions'];
const access = { access: 'user' as const };

/** A Content-Disposition that survives non-ASCII names (slugs may hold any letter). */
function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export default async function exportRoutes(app: App, deps: Deps) {
  app.get(API.recipesExports, { config: access, schema: { tags: exportTags, response: { 200: formatResponse } } }, async () => ({
    json: ['raw'],
    zip: ['zip'],
    jinja2: [...MARKDOWN_TEMPLATES],
  }));

  app.post(API.recipesBySlugExports, { config: access, schema: { tags: exportTags, params: slugParam, response: { 200: recipeZipTokenResponse } } }, async (request) => ({
    token: await recipeExportToken(deps, currentUser(request), request.params.slug),
  }));

  app.get(API.recipesBySlugExports, { config: access, schema: { tags: exportTags, params: slugParam, querystring: exportFormatQuery } }, async (request, reply) => {
    const recipe = await getRecipeBySlugOrId(deps, currentUser(request), request.params.slug);
    if (request.query.template_name === 'raw') {
      reply.header('Content-Disposition', disposition('attachment', `${recipe.slug}.json`));
      return reply.type('application/json').send(JSON.stringify(recipe, null, 4));
    }
    if (request.query.template_name === 'zip') {
      reply.header('Content-Disposition', disposition('attachment', `${recipe.slug}.zip`));
      return reply.type('application/zip').send(recipeZipStream(deps, recipe));
    }
    if ((MARKDOWN_TEMPLATES as readonly string[]).includes(request.query.template_name)) {
      reply.header('Content-Disposition', disposition('attachment', `${recipe.slug}.md`));
      return reply.type('text/markdown; charset=utf-8').send(recipeMarkdown(recipe));
    }
    throw notFound('exports.template-not-found');
  });

  app.get(API.recipesBySlugExportsZip, { config: access, schema: { tags: exportTags, params: slugParam, querystring: exportZipQuery } }, async (request, reply) => {
    const recipe = await recipeForExportToken(deps, currentUser(request), request.params.slug, request.query.token);
    reply.header('Content-Disposition', disposition('attachment', `${recipe.slug}.zip`));
    return reply.type('application/zip').send(recipeZipStream(deps, recipe));
  });

  // Public like the share link itself (later Mealie clients download shared recipes this way).
  app.get(API.recipesSharedByTokenIdZip, { config: { access: 'public' }, schema: { tags: exportTags, params: shareTokenParam } }, async (request, reply) => {
    const recipe = await sharedRecipe(deps, request.params.token_id);
    reply.header('Content-Disposition', disposition('attachment', `${recipe.slug}.zip`));
    return reply.type('application/zip').send(recipeZipStream(deps, recipe));
  });

  app.post(API.recipesBulkActionsTag, { config: access, schema: { tags: bulkTags, body: assignTags, response: { 200: z.null() } } }, async (request) => {
    await assignOrganizers(deps, currentUser(request), 'tags', request.body.recipes, request.body.tags);
    return null;
  });
  app.post(API.recipesBulkActionsCategorize, { config: access, schema: { tags: bulkTags, body: assignCategories, response: { 200: z.null() } } }, async (request) => {
    await assignOrganizers(deps, currentUser(request), 'categories', request.body.recipes, request.body.categories);
    return null;
  });
  app.post(API.recipesBulkActionsSettings, { config: access, schema: { tags: bulkTags, body: assignSettingsBody, response: { 200: z.null() } } }, async (request) => {
    await assignSettings(deps, currentUser(request), request.body.recipes, request.body.settings);
    return null;
  });
  app.post(API.recipesBulkActionsDelete, { config: access, schema: { tags: bulkTags, body: deleteRecipesBody, response: { 200: z.null() } } }, async (request) => {
    await deleteRecipes(deps, currentUser(request), request.body.recipes);
    return null;
  });
  app.post(API.recipesBulkActionsExport, { config: access, schema: { tags: bulkTags, body: exportRecipesBody, response: { 202: groupDataExport } } }, async (request, reply) => {
    const created = await exportRecipes(deps, currentUser(request), request.body.recipes);
    reply.status(202);
    return created;
  });
  app.get(API.recipesBulkActionsExport, { config: access, schema: { tags: bulkTags, response: { 200: z.array(groupDataExport) } } }, async (request) =>
    listExports(deps, currentUser(request).groupId),
  );
  app.get(API.recipesBulkActionsExportDownload, { config: access, schema: { tags: bulkTags, querystring: exportDownloadQuery, response: { 200: fileTokenResponse } } }, async (request) => ({
    fileToken: await exportFileToken(deps, currentUser(request).groupId, { path: request.query.path }),
  }));
  app.get(API.recipesBulkActionsExportByExportIdDownload,
    { config: access, schema: { tags: bulkTags, params: z.object({ export_id: z.string().min(1).max(100) }), response: { 200: fileTokenResponse } } },
    async (request) => ({ fileToken: await exportFileToken(deps, currentUser(request).groupId, { id: request.params.export_id }) }),
  );
  // Exports belong to the group, so removing all of them is for those who manage the group (issue 9, item 14).
  app.delete(API.recipesBulkActionsExportPurge, { config: { access: { flag: 'canManage' } }, schema: { tags: bulkTags, response: { 200: successResponse } } }, async (request) => {
    await purgeExports(deps, currentUser(request).groupId);
    return { message: 'Data exports purged', error: false };
  });

  // The token is the credential here (a download opened in a new window carries no bearer header).
  app.get(API.utilsDownload, { exposeHeadRoute: true, config: { access: 'public' }, schema: { tags: ['Utils'], querystring: downloadQuery } }, async (request, reply) => {
    const download = await fileForToken(deps, request.query.token);
    reply.header('Content-Disposition', disposition('attachment', download.fileName));
    return sendStored(request, reply, deps.storage, download.key, { contentType: download.contentType, cacheControl: 'private, no-store' });
  });
}
