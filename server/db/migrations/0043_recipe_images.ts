import type { AnyDb } from './helpers.js';

/**
 * Issue 41: a recipe's gallery and its steps' images, beyond the one image Mealie knows (`recipes.image`,
 * recipes/{id}/images/*.webp). Each row is one image whose three renditions live at
 * recipes/{id}/images/gallery/{id}/ (step_id null) or recipes/{id}/images/steps/{id}/ (a step's).
 * step_id is the step's id without a foreign key: a recipe's steps are rewritten on every save (their ids
 * kept), so a key with ON DELETE would drop the images of every step at each save.
 * A data table (not hearth_*): written into backups and restored with them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('recipe_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipe_id', 'text', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('step_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recipe_images_recipe_idx').on('recipe_images').columns(['recipe_id', 'position']).execute();
}
