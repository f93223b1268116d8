import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import ts from 'typescript';

/**
 * JSON Schemas of mealie-typescript's own type declarations (generated from its api.d.ts with
 * ts-json-schema-generator), plus the response type each client operation declares.
 * Generated once per machine and package version into os.tmpdir(); never committed.
 */
export interface ClientSchemas {
  cacheKey: string;
  /** `Api.method` -> the declared body type: a model name, `Model[]`, `string`, `any` or `void`. */
  responseTypes: Record<string, string>;
  schema: { definitions: Record<string, unknown> };
}

const require = createRequire(import.meta.url);
const GENERATOR_OPTIONS = { type: '*', expose: 'export', topRef: true, jsDoc: 'none', skipTypeCheck: true } as const;

function packageVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

export function clientDeclarationsPath(): string {
  return path.join(path.dirname(require.resolve('mealie-typescript/package.json')), 'dist', 'api.d.ts');
}

function cacheFile(): { file: string; key: string } {
  const key = `mealie-typescript@${packageVersion('mealie-typescript')}+ts-json-schema-generator@${packageVersion('ts-json-schema-generator')}`;
  const digest = crypto.createHash('sha256').update(key + JSON.stringify(GENERATOR_OPTIONS)).digest('hex').slice(0, 16);
  return { file: path.join(os.tmpdir(), 'hearth-contract-schemas', `${digest}.json`), key };
}

/** Reads `Promise<AxiosResponse<T, ...>>` off every public method of every `class X extends BaseAPI`. */
function declaredResponseTypes(declarations: string): Record<string, string> {
  const source = ts.createSourceFile('api.d.ts', fs.readFileSync(declarations, 'utf8'), ts.ScriptTarget.ES2022, true);
  const types: Record<string, string> = {};
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    const extendsBase = statement.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText(source) === 'BaseAPI'));
    if (!extendsBase) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
      const promised = member.type.typeArguments?.[0];
      const body = promised && (ts.isImportTypeNode(promised) || ts.isTypeReferenceNode(promised)) ? promised.typeArguments?.[0] : undefined;
      if (!body) throw new Error(`cannot read the response type of ${statement.name.text}.${member.name.getText(source)}`);
      types[`${statement.name.text}.${member.name.getText(source)}`] = body.getText(source);
    }
  }
  return types;
}

function generate(key: string): ClientSchemas {
  const declarations = clientDeclarationsPath();
  const schema = createGenerator({ path: declarations, ...GENERATOR_OPTIONS }).createSchema('*') as ClientSchemas['schema'];
  return { cacheKey: key, responseTypes: declaredResponseTypes(declarations), schema };
}

let loaded: ClientSchemas | undefined;

/** The cached schemas for the installed client version, generating them (about two seconds) when missing. */
export function loadClientSchemas(): ClientSchemas {
  if (loaded) return loaded;
  const { file, key } = cacheFile();
  if (fs.existsSync(file)) {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as ClientSchemas;
    if (cached.cacheKey === key) return (loaded = cached);
  }
  const fresh = generate(key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Two test processes may generate at once: write aside, then rename atomically.
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, JSON.stringify(fresh));
  fs.renameSync(partial, file);
  return (loaded = fresh);
}

const SCHEMA_ID = 'mealie-typescript.json';
const LENIENT_ID = 'mealie-typescript-lenient.json';
let ajv: Ajv | undefined;
const compiled = new Map<string, { strict: ValidateFunction; lenient: ValidateFunction }>();

/** Type names without a JSON body to check: the client declares nothing (`any`) or no body (`void`). */
export function declaresNoBody(typeName: string): boolean {
  return typeName === 'any' || typeName === 'void' || typeName === 'unknown';
}

/** The same schema with `additionalProperties: false` dropped everywhere. */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = withoutClosedObjects(value);
  }
  return out;
}

function validatorsFor(typeName: string) {
  const known = compiled.get(typeName);
  if (known) return known;
  const { schema } = loadClientSchemas();
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true, verbose: true });
    ajv.addSchema(schema, SCHEMA_ID);
    ajv.addSchema(withoutClosedObjects(schema) as object, LENIENT_ID);
  }
  const element = typeName.endsWith('[]') ? typeName.slice(0, -2) : typeName;
  const build = (id: string) => {
    let target: object;
    if (element === 'string' || element === 'number' || element === 'boolean') target = { type: element };
    else if (element in schema.definitions) target = { $ref: `${id}#/definitions/${element}` };
    else throw new Error(`mealie-typescript declares no type named ${element}`);
    return ajv!.compile(typeName.endsWith('[]') ? { type: 'array', items: target } : target);
  };
  const pair = { strict: build(SCHEMA_ID), lenient: build(LENIENT_ID) };
  compiled.set(typeName, pair);
  return pair;
}

/**
 * An extra property is tolerated when it is a camelCase name the client simply does not know (Hearth keeps
 * fields the spec requires that Mealie 3.x dropped, e.g. settings.disableAmount, onHand). A snake_case key,
 * or a key that differs from a declared one only by case, is a wire error: it is what wrong casing looks like.
 */
function isToleratedExtra(error: ErrorObject): boolean {
  const extra = String(error.params.additionalProperty);
  if (extra.includes('_') || !/^[a-z]/.test(extra)) return false;
  const declared = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
  return !declared.some((name) => name.toLowerCase() === extra.toLowerCase());
}

/**
 * The ajv errors of `body` against the client's type `typeName` (empty when valid): every type, required
 * field and envelope error, plus any extra key that looks like wrong casing.
 */
export function schemaErrors(typeName: string, body: unknown): ErrorObject[] {
  const { strict, lenient } = validatorsFor(typeName);
  const errors = lenient(body) ? [] : [...(lenient.errors ?? [])];
  if (!strict(body)) {
    const casing = (strict.errors ?? []).filter((e) => e.keyword === 'additionalProperties' && !isToleratedExtra(e));
    const seen = new Set<string>();
    for (const e of casing) {
      const key = `${e.instancePath}/${String(e.params.additionalProperty)}`;
      if (!seen.has(key)) errors.push(e);
      seen.add(key);
    }
  }
  return errors;
}

export function formatErrors(errors: ErrorObject[]): string {
  return errors
    .map((e) => {
      const where = e.instancePath || '(body)';
      const detail = e.keyword === 'additionalProperties' ? ` "${String(e.params.additionalProperty)}"` : '';
      return `  ${where} ${e.message ?? e.keyword}${detail}`;
    })
    .join('\n');
}

/** Fails (throws) with ajv's errors when `body` is not a valid `typeName` of the client. */
export function expectValid(typeName: string, body: unknown): void {
  const errors = schemaErrors(typeName, body);
  if (errors.length > 0) {
    throw new Error(`response is not a valid ${typeName} of mealie-typescript:\n${formatErrors(errors)}\nbody: ${JSON.stringify(body).slice(0, 800)}`);
  }
}
