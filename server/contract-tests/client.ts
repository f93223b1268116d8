import * as mealie from 'mealie-typescript';
import { Configuration } from 'mealie-typescript';

type Module = typeof mealie;

/** The client's API classes (`AppAboutApi`, `RecipeCRUDApi`, ...): every export named `*Api` that is a class. */
export type ApiName = {
  [K in keyof Module]: K extends `${string}Api` ? (Module[K] extends abstract new (...args: never[]) => object ? K : never) : never;
}[keyof Module];

/** One instance of every API class, all sharing a base URL and a bearer token. */
export type Clients = { [K in ApiName]: InstanceType<Module[K]> };

export type MethodName<A extends ApiName> = Extract<keyof Clients[A], string>;

/** `Api.method`, the name this suite gives one operation of the client. */
export type OperationId = { [A in ApiName]: `${A}.${MethodName<A>}` }[ApiName];

type ApiClass = new (configuration?: Configuration) => object;

function apiClasses(): [string, ApiClass][] {
  const classes: [string, ApiClass][] = [];
  for (const [name, value] of Object.entries(mealie) as [string, unknown][]) {
    if (/Api$/.test(name) && typeof value === 'function') classes.push([name, value as ApiClass]);
  }
  return classes;
}

/**
 * Every operation the client offers, read off its classes at run time. The same HTTP route can be
 * offered by two classes (RecipeCRUDApi and RecipeImagesAndAssetsApi share four): each counts.
 */
export function clientOperations(): { id: string; api: string; method: string }[] {
  return apiClasses().flatMap(([api, cls]) =>
    Object.getOwnPropertyNames(cls.prototype)
      .filter((method) => method !== 'constructor')
      .map((method) => ({ id: `${api}.${method}`, api, method })),
  );
}

type ParamCreator = (configuration: Configuration) => Record<string, (...args: unknown[]) => Promise<{ url: string; options: { method?: string } }>>;

/**
 * The HTTP method and path template (`/api/users/:p0`) of every operation, asked of the client's own
 * request builders with placeholder arguments.
 */
export async function clientRoutes(): Promise<Map<string, { method: string; path: string }>> {
  const routes = new Map<string, { method: string; path: string }>();
  const configuration = new Configuration({ basePath: 'http://placeholder' });
  for (const [name, creator] of Object.entries(mealie)) {
    if (!name.endsWith('ApiAxiosParamCreator')) continue;
    const api = name.slice(0, -'AxiosParamCreator'.length);
    for (const [method, build] of Object.entries((creator as ParamCreator)(configuration))) {
      const placeholders = Array.from({ length: build.length }, (_, i) => `{p${i}}`);
      // A builder that joins an array argument (e.g. a list of images) needs arrays; a path parameter prints the same either way.
      const request = await build(...placeholders).catch(() => build(...placeholders.map((p) => [p])));
      const { pathname } = new URL(request.url, 'http://placeholder');
      routes.set(`${api}.${method}`, { method: (request.options.method ?? 'GET').toUpperCase(), path: pathname.replace(/%7Bp(\d+)%7D/g, ':p$1') });
    }
  }
  return routes;
}

/**
 * Clients for `baseUrl`, sending `Authorization: Bearer <token>` when a token is given (the client's
 * OAuth2PasswordBearer scheme). Every status resolves, so the tests assert statuses themselves.
 */
export function connect(baseUrl: string, token?: string): Clients {
  const configuration = new Configuration({ basePath: baseUrl, accessToken: token, baseOptions: { validateStatus: () => true } });
  return Object.fromEntries(apiClasses().map(([name, cls]) => [name, new cls(configuration)])) as Clients;
}
